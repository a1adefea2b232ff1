import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheStatements } from './statement-cache';

/**
 * A canary for what db/statement-cache.ts relies on in its dependencies: `@libsql/client` prepares
 * every statement of a file database through `libsql`'s `Database.prototype.prepare`, which the
 * cache replaces. Should an upgrade change that, the cache silently does nothing (or breaks
 * statements): this test fails and names the record to revisit.
 */
const REVISIT = 'revisit docs/decisions/0025-statement-cache.md and db/statement-cache.ts';
const dir = mkdtempSync(join(tmpdir(), 'statement-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the statement cache (canary for @libsql/client and libsql internals)', () => {
  it('prepares a repeated statement once per connection, and each run still reads its own values', async () => {
    let prepared = 0;
    const original = Database.prototype.prepare;
    Database.prototype.prepare = function (this: InstanceType<typeof Database>, sql: string) {
      prepared++;
      return original.call(this, sql);
    } as typeof original;
    cacheStatements();

    const client = createClient({ url: `file:${join(dir, 'canary.db')}` });
    try {
      await client.execute('CREATE TABLE t (n INTEGER)');
      prepared = 0;
      for (const n of [1, 2, 3]) await client.execute({ sql: 'INSERT INTO t (n) VALUES (?)', args: [n] });
      const read = async (n: number) => (await client.execute({ sql: 'SELECT n FROM t WHERE n = ?', args: [n] })).rows;
      expect((await read(2)).map((r) => r.n)).toEqual([2]);
      expect((await read(3)).map((r) => r.n)).toEqual([3]);
      expect(
        prepared,
        `@libsql/client no longer prepares through libsql's Database.prototype.prepare: ${REVISIT}`,
      ).toBeGreaterThan(0);
      expect(prepared, `statements are prepared again on every call, the cache no longer takes effect: ${REVISIT}`).toBe(2);
    } finally {
      client.close();
      Database.prototype.prepare = original;
    }
  });
});
