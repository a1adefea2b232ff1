import { expect, it } from 'vitest';
import { sessions, users } from '#db/schema';
import { appPerTest } from '#support/app';
import { NO_FILE_TO_BACK_UP } from './backup';
import { JOBS, runJobs } from './index';

const t = appPerTest();

it('runs every listed job and reports each by name', async () => {
  await t.db.insert(users).values({ id: 'u1', email: 'kari@example.no' });
  await t.db
    .insert(sessions)
    .values({ tokenHash: 'dead', userId: 'u1', expiresAt: new Date(t.clock.now() - 1), lastUsedAt: new Date(0) });
  const report = await runJobs({ db: t.db, now: t.clock.now, payments: t.deps.payments, config: t.deps.config });
  expect(Object.keys(report)).toEqual(JOBS.map((j) => j.name));
  expect(report.deleteExpired).toMatchObject({ sessions: 1 });
  // Without a backup adapter (Workers, where Turso keeps the history) the backup job does nothing.
  expect(report.backup).toBe(NO_FILE_TO_BACK_UP);
});

it('throws after running them all, naming each job that failed', async () => {
  t.client.close();
  const backup = () => Promise.reject(new Error('disken er full'));
  // Fiken switched on, so its job reaches the database too.
  const config = { ...t.deps.config, FIKEN_TOKEN: 'token', FIKEN_COMPANY: 'firma' };
  const err = await runJobs({ db: t.db, now: t.clock.now, payments: t.deps.payments, config, backup }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AggregateError);
  expect((err as AggregateError).message).toBe(`Planlagte jobber feilet: ${JOBS.length} av ${JOBS.length}`);
  expect((err as AggregateError).errors.map((e: Error) => e.message.split(':')[0])).toEqual(JOBS.map((j) => j.name));
});
