import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '#support/app';
import { WORKER_FIRST_PATHS } from '#shared/paths';
import { createApp } from '#worker/app';
import { createTelemetry } from '#worker/ops/telemetry';
import { PAGE_ROUTES } from './pages';

/** wrangler.toml's run_worker_first list (a one-line TOML array of strings). */
const runWorkerFirst = (): string[] => {
  const toml = readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8');
  const line = /^run_worker_first\s*=\s*(\[.*\])\s*$/m.exec(toml)?.[1];
  return line ? (JSON.parse(line) as string[]) : [];
};

/** Wrangler matches percent-encoded paths against globs where `*` is any run of characters. */
const matches = (glob: string, path: string) =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(encodeURI(path));

describe('routing on Workers', () => {
  it('lists in wrangler.toml exactly the paths of src/shared/paths.ts', () => {
    expect(runWorkerFirst()).toEqual([...WORKER_FIRST_PATHS]);
  });

  it.each(PAGE_ROUTES.map((r) => r.example))(
    'sends the dynamic page %s to the Worker, not straight to the static files',
    (path) => {
      expect(runWorkerFirst().some((glob) => matches(glob, path))).toBe(true);
    },
  );

  it('sends the API to the Worker', () => {
    expect(runWorkerFirst().some((glob) => matches(glob, '/api/guide/modules'))).toBe(true);
  });
});

const t = appPerTest();

const CRLF_PATH = '/guide/%0d%0aSet-Cookie:x=1';

describe('page routing with control characters in the path', () => {
  it('answers the 404 page, not a 500, and sets no header from the path', async () => {
    for (const path of [CRLF_PATH, '/guide/module/%0aX', '/%0d%0a', '/vilk%C3%A5r%0d%0a']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Fant ikke siden');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('encodes an odd module id in the redirect instead of copying it', async () => {
    const res = await t.app.request('/guide/n%C3%B8kkel%20%22x%22');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/guide/lessons/n%C3%B8kkel%20%22x%22');
  });

  it('answers 404 on Node’s own HTTP server too', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await new Promise<number>((resolve, reject) =>
        httpRequest({ host: '127.0.0.1', port, path: CRLF_PATH }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        })
          .on('error', reject)
          .end(),
      );
      expect(status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('logs a failure on such a path as one line, the control characters escaped', async () => {
    const lines: string[] = [];
    const broken = createApp({
      ...t.deps,
      telemetry: createTelemetry({ runtime: 'node', write: (line) => lines.push(line), environment: 'test' }),
      assets: {
        fetch: async () => {
          throw new Error(`assets down at ${decodeURIComponent(CRLF_PATH)}`);
        },
      },
    });
    expect((await broken.request(CRLF_PATH)).status).toBe(500);
    const error = lines.find((line) => line.includes('"level":"error"'))!;
    expect(error).toContain('/guide/\\r\\nSet-Cookie:x=1');
    for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
  });
});

describe('pages under /guide/ that are not modules', () => {
  it.each(['/guide/login', '/guide/auth', '/guide/profil', '/guide/ny-epost'])(
    'serves %s as itself, not as a module redirect',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).not.toBe(301);
      expect(res.headers.get('location')).toBeNull();
    },
  );
});
