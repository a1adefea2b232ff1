/**
 * The sqld test server itself: it starts, takes the project's migrations through
 * `@libsql/client/web` (Hrana over HTTP, as the Worker talks to Turso), and enforces
 * what Turso enforces (JWT auth, one statement per execute).
 */
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client/web';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { drizzle } from 'drizzle-orm/libsql/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqldBinary, startSqld, type Sqld } from './sqld';

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));
// Only linux-x64 can install the binary; there a missing binary is a setup error, not a skip.
const canRun = sqldBinary() !== null || (process.platform === 'linux' && process.arch === 'x64');

describe.skipIf(!canRun)('sqld test server', () => {
  let sqld: Sqld;
  const clients: Client[] = [];
  const client = (authToken?: string) => {
    const c = createClient({ url: sqld.url, authToken });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    sqld = await startSqld();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await sqld?.stop();
  });

  it('applies the drizzle migrations over HTTP', async () => {
    const db = client(sqld.authToken);
    await migrate(drizzle({ client: db }), { migrationsFolder });

    const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
    expect(tables.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['users', 'sessions', '__drizzle_migrations']),
    );

    const [, count] = await db.batch(
      [
        { sql: 'INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)', args: ['k', 0, 1] },
        'SELECT count(*) AS n FROM rate_limits',
      ],
      'write',
    );
    expect(count!.rows[0]!.n).toBe(1);
  });

  it('rejects requests without a valid token', async () => {
    await expect(client().execute('SELECT 1')).rejects.toThrow('HTTP status 401');

    const [header, , signature] = sqld.authToken.split('.');
    const forged = `${header}.${Buffer.from('{"a":"rw","x":1}').toString('base64url')}.${signature}`;
    await expect(client(forged).execute('SELECT 1')).rejects.toThrow('HTTP status 401');

    await expect(client(sqld.token({ a: 'rw', exp: 1 })).execute('SELECT 1')).rejects.toThrow('HTTP status 401');
    await expect(client(sqld.token({ a: 'ro' })).execute('CREATE TABLE t (x)')).rejects.toThrow('HTTP status 403');
  });

  it('rejects several statements in one execute', async () => {
    await expect(client(sqld.authToken).execute('SELECT 1; SELECT 2')).rejects.toMatchObject({
      code: 'SQL_MANY_STATEMENTS',
    });
  });
});
