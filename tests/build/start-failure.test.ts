/**
 * `npm start` with a database it cannot use stops with one line naming DATABASE_URL and the
 * cause, not a stack trace. The built server (scripts/build-server.mjs) runs as a child process,
 * as `npm start` runs it.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';
import { builtSite } from '#support/dist';
import { freePort } from '#support/free-port';
import { holdWriteLock } from '#support/lock-holder';
import { copyTemplateDb } from '#support/template-db';

// Inside the project, so the bundle finds its packages in node_modules.
const SERVER_DIR = resolve('node_modules/.cache/start-failure-server');
/** Root ignores file permissions; the read-only case runs the server as `nobody` then. */
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

/**
 * `nobody` must reach the project (the bundle, node_modules, the Node binary in it): a checkout in
 * a private directory (`mktemp -d` makes one, mode 700) is closed to it. Lets others through each
 * directory on the way (traverse only, not list), and closes them again afterwards.
 */
const opened: { path: string; mode: number }[] = [];
function letNobodyThrough(path: string) {
  for (let p = path; ; p = dirname(p)) {
    const mode = statSync(p).mode & 0o7777;
    if (!(mode & 0o001)) {
      opened.push({ path: p, mode });
      chmodSync(p, mode | 0o001);
    }
    if (p === dirname(p)) return;
  }
}

let dir: string;
beforeAll(async () => {
  if (asRoot) letNobodyThrough(resolve('.'));
  builtSite();
  await buildServer(SERVER_DIR);
  dir = mkdtempSync(join(tmpdir(), 'soloprenor-start-'));
  chmodSync(dir, 0o777);
}, 60_000);
afterAll(() => {
  for (const { path, mode } of opened) chmodSync(path, mode);
  rmSync(dir, { recursive: true, force: true });
  rmSync(SERVER_DIR, { recursive: true, force: true });
});

async function start(databaseUrl: string, asUser?: number, settings: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [join(SERVER_DIR, 'node.mjs')], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      PORT: String(await freePort()),
      AUTH_SECRET: 'x'.repeat(32),
      ...settings,
    },
    encoding: 'utf8',
    timeout: 60_000,
    ...(asUser === undefined ? {} : { uid: asUser, gid: asUser }),
  });
  return { status: run.status, lines: run.stderr.trim().split('\n') };
}

describe('npm start with a database it cannot use', () => {
  it('stops with one line when the file is not a database', async () => {
    const file = join(dir, 'not-a-db.db');
    writeFileSync(file, 'Dette er ikke en database. '.repeat(100));
    expect(await start(`file:${file}`)).toEqual({
      status: 1,
      lines: [`DATABASE_URL (file:${file}): filen er ikke en SQLite-database.`],
    });
  });

  it('stops with one line when the folder cannot be made', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    const { status, lines } = await start(`file:${blocker}/app.db`);
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^DATABASE_URL \\(file:${blocker}/app.db\\): mappen kan ikke opprettes`));
  });

  it('stops with one line when the file is read-only', async () => {
    const file = join(dir, 'read-only.db');
    await copyTemplateDb(file);
    chmodSync(file, 0o444);
    expect(await start(`file:${file}`, asRoot ? NOBODY : undefined)).toEqual({
      status: 1,
      lines: [`DATABASE_URL (file:${file}): filen eller mappen er skrivebeskyttet.`],
    });
  });
});

describe('npm start with a bad setting or a locked database', () => {
  it('stops with one line per bad setting', async () => {
    const file = join(dir, 'settings.db');
    expect(await start(`file:${file}`, undefined, { METRICS_TOKEN: 'kort', SENTRY_DSN: 'https://sentry.example.no/' })).toEqual({
      status: 1,
      lines: [
        'Ugyldig konfigurasjon: METRICS_TOKEN: må ha minst 16 tegn',
        'Ugyldig konfigurasjon: SENTRY_DSN: må være en Sentry-DSN: https://<nøkkel>@<vert>/<prosjekt>',
      ],
    });
  }, 60_000);

  // The start waits out the lock (BUSY_WAIT_MS) before it gives up.
  it('stops with one line when another process holds the database', async () => {
    const file = join(dir, 'locked.db');
    await copyTemplateDb(file);
    const lock = await holdWriteLock(file);
    try {
      expect(await start(`file:${file}`)).toEqual({
        status: 1,
        lines: [`DATABASE_URL (file:${file}): databasen er låst av en annen prosess.`],
      });
    } finally {
      await lock.release();
    }
  }, 60_000);
});
