import type { Client, ResultSet } from '@libsql/client';
import { LibsqlError } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { DatabaseBusyError, retryWhenBusy } from './busy';

/**
 * The retry wrapper over a fake client (a lock cannot be made to order on sqld/Turso; the file
 * case runs against a real second process in tests/worker/database-lock.test.ts). The fake
 * answers each call with the next outcome of its script, and the last one from then on.
 */
function scripted(outcomes: Array<'busy' | 'ok' | Error>) {
  const calls: string[] = [];
  let closed = false;
  const result = { rows: [], columns: [], columnTypes: [], rowsAffected: 1 } as unknown as ResultSet;
  const next = async (what: string) => {
    calls.push(what);
    const outcome = outcomes[Math.min(calls.length - 1, outcomes.length - 1)]!;
    if (outcome === 'busy') throw new LibsqlError('SQLITE_BUSY: database is locked', 'SQLITE_BUSY');
    if (outcome instanceof Error) throw outcome;
    return result;
  };
  const client = {
    execute: (stmt: unknown) => next(`execute ${JSON.stringify(stmt)}`),
    batch: () => next('batch').then((r) => [r]),
    close: () => void (closed = true),
    protocol: 'http',
  } as unknown as Client;
  return { client, calls, result, isClosed: () => closed };
}

describe('retryWhenBusy', () => {
  it('retries a call that found the database locked and returns what the retry got', async () => {
    const fake = scripted(['busy', 'busy', 'ok']);
    const client = retryWhenBusy(fake.client, { waitMs: 2000 });
    await expect(client.execute('insert into t values (1)')).resolves.toBe(fake.result);
    expect(fake.calls).toEqual(Array(3).fill('execute "insert into t values (1)"'));
  });

  it('gives up with DatabaseBusyError once the wait is spent, having retried in between', async () => {
    const fake = scripted(['busy']);
    const client = retryWhenBusy(fake.client, { waitMs: 300 });
    const started = Date.now();
    const err = await client.batch(['insert into t values (1)']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatabaseBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(fake.calls.length).toBeGreaterThan(2);
  });

  it('does not retry an error that is not a lock', async () => {
    const refused = new LibsqlError('UNIQUE constraint failed: users.email', 'SQLITE_CONSTRAINT');
    const fake = scripted([refused]);
    await expect(retryWhenBusy(fake.client, { waitMs: 2000 }).execute('insert')).rejects.toBe(refused);
    expect(fake.calls).toHaveLength(1);
  });

  it('retries on a fresh connection and closes the one that hit the lock', async () => {
    const first = scripted(['busy']);
    const second = scripted(['ok']);
    const client = retryWhenBusy(first.client, { waitMs: 2000, renew: async () => second.client });
    await expect(client.execute('update t set x = 1')).resolves.toBe(second.result);
    expect(first.calls).toHaveLength(1);
    expect(first.isClosed()).toBe(true);
    expect(second.calls).toHaveLength(1);
  });

  it('never uses a connection again once it hit the lock: a call soon after waits for the fresh one', async () => {
    const first = scripted(['busy', 'ok']);
    const second = scripted(['busy', 'ok']);
    const third = scripted(['ok']);
    const fresh = [second.client, third.client];
    const client = retryWhenBusy(first.client, { waitMs: 2000, renew: async () => fresh.shift()! });
    // The first call hits the lock on `first`, renews, hits it again on `second`: `second` is
    // dirty a moment after a renewal, and the next call must not run on it all the same.
    await client.execute('update t set x = 1');
    expect([first.calls.length, second.calls.length, third.calls.length]).toEqual([1, 1, 1]);
    await client.execute('update t set x = 2');
    expect(second.calls).toHaveLength(1);
    expect(third.calls).toHaveLength(2);
    expect(second.isClosed()).toBe(true);
  });
});
