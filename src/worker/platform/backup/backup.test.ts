/*
 * Backups of the embedded database: taken while the server serves (its own connection open,
 * recent writes still in the write-ahead log), verified, rotated, restored into a fresh server
 * that finds the same users, progress and payments; a restore over a running server's
 * database is refused. The CLIs run as real processes.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { createTestApp, type TestApp } from '#support/app';
import { expectJson } from '#support/typed-body';
import { runScript } from '#support/child-process';
import { seedUserEverywhere } from '#support/user-data';
import { DAY, HOUR } from '#shared/time';
import { runJobs } from '#worker/jobs/index';
import { BackupError, listBackups, nightlyBackups, takeBackup, verifyDatabase } from './backup';
import { restoreBackup } from './restore';
import { holdServerLock, serverLockFile } from './server-lock';

let dir: string;
const opened: TestApp[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'soloprenor-backup-'));
});
afterEach(() => {
  for (const t of opened.splice(0)) t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function app(opts: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(opts);
  opened.push(t);
  return t;
}

/** What an operator and a learner see: the users, Kari's progress, the payments. */
async function whatTheySee(t: TestApp, admin: string, kari: string) {
  return {
    users: await expectJson(await t.as(admin).admin.users.$get({ query: { pageSize: '100' } })),
    progress: await expectJson(await t.as(kari).guide.progress.$get({ query: {} })),
    revenue: await expectJson(await t.as(admin).admin.dashboard.revenue.$get()),
  };
}

const NIGHT = Date.UTC(2026, 10, 25, 0, 30); // 01:30 in Oslo

describe('backup and restore', () => {
  it('backs up a serving database online, and a fresh server restored from it finds the same users, progress and payments', async () => {
    const t = await app({ seed: true });
    const admin = (await t.signIn('admin@soloprenor.no')).sessionToken;
    const kari = (await t.signIn('kari@example.no')).sessionToken;
    const progress = await t.as(kari).guide.progress.$post({
      json: { moduleId: 'mindset', completedSections: ['mindset-quick-win'] },
    });
    expect(progress.status).toBe(200);
    await seedUserEverywhere(t, { id: 'ola-id', email: 'ola@example.no', firstName: 'Ola' });
    const before = await whatTheySee(t, admin, kari);
    expect(JSON.stringify(before.revenue)).toContain('"paymentsCount":1');

    // The server's own connection stays open; its latest writes are still in the log, not the file.
    const served = t.file;
    expect(statSync(`${served}-wal`).size).toBeGreaterThan(0);
    const { file, removed } = await takeBackup({ file: served, dir, keep: 3, now: NIGHT });
    expect(file).toBe(join(dir, 'soloprenor-2026-11-25T00-30-00.000Z.db'));
    expect(removed).toEqual([]);
    await verifyDatabase(file);

    // Written after the backup: not in it.
    await t.db.insert(users).values({ id: 'late', email: 'etterpå@example.no' });

    const target = join(dir, 'restored', 'app.db');
    mkdirSync(join(dir, 'restored'));
    expect(await restoreBackup({ backup: file, file: target, dir, now: NIGHT + HOUR })).toEqual({ previous: null });
    const restored = await app({ database: target });
    expect(await whatTheySee(restored, admin, kari)).toEqual(before);
    expect(await restored.db.select({ email: users.email }).from(users)).not.toContainEqual({ email: 'etterpå@example.no' });
  });

  it('takes one backup a night, verified, and keeps the newest BACKUP_KEEP', async () => {
    const t = await app({ seed: true });
    const backup = nightlyBackups({ file: t.file, dir, keep: 2 });
    const report = await runJobs({ ...t.deps, backup }, NIGHT);
    expect(report.backup).toMatchObject({ file: join(dir, 'soloprenor-2026-11-25T00-30-00.000Z.db') });
    // The hourly runs later the same Oslo day find it made.
    expect(await backup(NIGHT + HOUR)).toBe('already-today');
    expect(await backup(NIGHT + 20 * HOUR)).toBe('already-today');
    await backup(NIGHT + DAY);
    const third = await backup(NIGHT + 2 * DAY);
    expect(third).toMatchObject({ removed: ['soloprenor-2026-11-25T00-30-00.000Z.db'] });
    expect(listBackups(dir)).toEqual(['soloprenor-2026-11-26T00-30-00.000Z.db', 'soloprenor-2026-11-27T00-30-00.000Z.db']);
    for (const name of listBackups(dir)) await verifyDatabase(join(dir, name));
  });

  it('refuses to restore over the database of a running server, and changes nothing', async () => {
    const t = await app({ seed: true });
    const served = t.file;
    const { file } = await takeBackup({ file: served, dir, keep: null, now: NIGHT });
    const release = holdServerLock(served);
    try {
      const err = await restoreBackup({ backup: file, file: served, dir, now: NIGHT }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BackupError);
      expect((err as Error).message).toBe(
        `Serveren kjører (prosess ${process.pid}) og bruker ${served}. Stopp den først, og kjør npm run db:restore på nytt. ` +
          `Ingenting er endret. (Kjører den ikke, slett ${serverLockFile(served)}.)`,
      );
      expect(listBackups(dir)).toHaveLength(1);
    } finally {
      release();
    }
    expect(existsSync(serverLockFile(served))).toBe(false);
  });

  it('refuses a file that is not a whole database, and changes nothing', async () => {
    const target = join(dir, 'app.db');
    writeFileSync(target, 'the current database');
    const broken = join(dir, 'broken.db');
    writeFileSync(broken, 'SQLite format 3\u0000 but nothing else');
    await expect(restoreBackup({ backup: broken, file: target, dir, now: NIGHT })).rejects.toThrow(
      /^.*broken\.db er ikke en hel database \(integrity_check: .+\)\. Ingenting er endret\.$/,
    );
    await expect(restoreBackup({ backup: join(dir, 'finnes-ikke.db'), file: target, dir, now: NIGHT })).rejects.toThrow(
      /Fant ikke sikkerhetskopien .*finnes-ikke\.db\. Ingenting er endret\./,
    );
    expect(readFileSync(target, 'utf8')).toBe('the current database');
  });
});

describe('npm run db:backup and db:restore', () => {
  it('backs up, then restores only once the server has stopped, keeping the database it replaced', async () => {
    const t = await app({ seed: true });
    const served = t.file;
    const env = { DATABASE_URL: `file:${served}`, BACKUP_DIR: dir, BACKUP_KEEP: '5' };

    const backup = await runScript('db-backup', [], env);
    expect(backup.code, backup.out).toBe(0);
    const [name] = listBackups(dir);
    expect(backup.out).toMatch(
      new RegExp(`^Sikkerhetskopi lagret: ${join(dir, name!)} \\(\\d+ KB\\), kontrollert med PRAGMA integrity_check\\.`),
    );

    const release = holdServerLock(served);
    const refused = await runScript('db-restore', [join(dir, name!)], env);
    release();
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`Serveren kjører (prosess ${process.pid}) og bruker ${served}. Stopp den først`);

    // A lock left by a server that was killed names a process that is gone.
    writeFileSync(serverLockFile(served), '999999999\n');
    const restored = await runScript('db-restore', [join(dir, name!)], env);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toContain(
      `${served} er gjenopprettet fra ${join(dir, name!)}. Databasen slik den var, er lagret som ${dir}/soloprenor-`,
    );
    expect(listBackups(dir)).toHaveLength(2);
    await verifyDatabase(served);
  });

  it('says how Turso restores instead, and how to call restore', async () => {
    const remote = await runScript('db-backup', [], { DATABASE_URL: 'libsql://soloprenor.turso.io' });
    expect(remote.code).toBe(1);
    expect(remote.out).toContain('DATABASE_URL peker ikke på en databasefil (Turso eller sqld)');
    const usage = await runScript('db-restore', [], {});
    expect(usage.code).toBe(1);
    expect(usage.out).toContain('Bruk: npm run db:restore FIL');
  });
});
