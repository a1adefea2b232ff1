/*
 * `npm run db:restore` against a real running server (a process of its own, as `npm start`
 * runs it; needs the built site, which `npm test` builds first): refused while it serves, and
 * the backup goes in once it has stopped. `npm run db:backup` meanwhile works online.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runScript } from '#support/child-process';
import { freePort } from '#support/free-port';
import { listBackups } from './backup';
import { serverLockFile } from './server-lock';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('refuses to restore while the server runs, names it, and restores once it has stopped', async () => {
  dir = mkdtempSync(join(tmpdir(), 'soloprenor-running-'));
  const file = join(dir, 'app.db');
  const env = { DATABASE_URL: `file:${file}`, BACKUP_DIR: join(dir, 'backups'), APP_ENV: 'development' };
  const port = String(await freePort());
  const server = fork('scripts/bench/server.ts', [JSON.stringify({ ...env, PORT: port, HOST: '127.0.0.1' })], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('message', () => resolve());
      server.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
    });
    expect(readFileSync(serverLockFile(file), 'utf8').trim()).toBe(String(server.pid));

    const backup = await runScript('db-backup', [], env);
    expect(backup.code, backup.out).toBe(0);
    const copy = join(dir, 'backups', listBackups(join(dir, 'backups'))[0]!);

    const refused = await runScript('db-restore', [copy], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`Serveren kjører (prosess ${server.pid}) og bruker ${file}.`);
  } finally {
    if (server.connected) server.send({ stop: true });
    await exited;
  }
  expect(existsSync(serverLockFile(file))).toBe(false);
  const copy = join(dir, 'backups', listBackups(join(dir, 'backups'))[0]!);
  const restored = await runScript('db-restore', [copy], env);
  expect(restored.code, restored.out).toBe(0);
  expect(restored.out).toContain(`${file} er gjenopprettet fra ${copy}.`);
}, 60_000);
