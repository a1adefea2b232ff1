import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export const SENTRY_TEST_KEY = 'fakesentrypublickey';
export const SENTRY_TEST_PROJECT = '42';

export type Envelope = {
  headers: IncomingHttpHeaders;
  header: unknown;
  item: unknown;
  event: Record<string, unknown>;
  raw: string;
};

/**
 * A loopback HTTP server standing in for a Sentry project's envelope endpoint
 * (`POST /api/{project}/envelope/`): answers 200 when `X-Sentry-Auth` carries the key, 401
 * otherwise, 404 for another path, and keeps each accepted envelope, parsed, in `envelopes`.
 * While `hold()` is in force it answers nothing, so a test sees that no answer waited for it.
 * `dsn` is what SENTRY_DSN is set to.
 */
export async function startFakeSentry() {
  const envelopes: Envelope[] = [];
  const waiting: (() => void)[] = [];
  let held: Promise<void> | null = null;
  let release = () => {};
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', async () => {
      await held;
      if (req.method !== 'POST' || req.url !== `/api/${SENTRY_TEST_PROJECT}/envelope/`) return res.writeHead(404).end();
      if (!String(req.headers['x-sentry-auth']).includes(`sentry_key=${SENTRY_TEST_KEY}`)) return res.writeHead(401).end();
      const [header, item, event] = raw.split('\n').map((line) => JSON.parse(line) as unknown);
      envelopes.push({ headers: req.headers, header, item, event: event as Record<string, unknown>, raw });
      for (const wake of waiting.splice(0)) wake();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://${SENTRY_TEST_KEY}@127.0.0.1:${port}/${SENTRY_TEST_PROJECT}`,
    envelopes,
    /** Resolves once `n` envelopes have arrived. */
    async received(n = 1) {
      while (envelopes.length < n) await new Promise<void>((resolve) => waiting.push(resolve));
      return envelopes;
    },
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => {
      held = null;
      release();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
