/**
 * The sqld test server itself: it starts, takes the project's migrations from
 * `npm run db:migrate` over HTTP (as a deploy migrates Turso), serves `@libsql/client/web`
 * (Hrana over HTTP, as the Worker talks to Turso), and enforces what Turso enforces (JWT auth,
 * one statement per execute).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createClient, type Client } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLD_PLATFORM, startMigratedSqld, type Sqld } from './sqld';
describe.skipIf(!SQLD_PLATFORM)('sqld test server', () => {
  let sqld: Sqld;
  const clients: Client[] = [];
  const client = (authToken?: string) => {
    const c = createClient({ url: sqld.url, authToken });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    sqld = await startMigratedSqld();
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await sqld?.stop();
  });

  it('is migrated and seeded by npm run db:migrate over HTTP, and a second run changes nothing', async () => {
    const db = client(sqld.authToken);
    const tables = await db.execute("SELECT name FROM sqlite_master WHERE type = 'table'");
    expect(tables.rows.map((r) => r.name)).toEqual(expect.arrayContaining(['users', 'sessions', '__drizzle_migrations']));

    const [, count] = await db.batch(
      [
        { sql: 'INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)', args: ['k', 0, 1] },
        'SELECT count(*) AS n FROM rate_limits',
      ],
      'write',
    );
    expect(count!.rows[0]!.n).toBe(1);

    const content = 'SELECT (SELECT count(*) FROM modules) AS modules, (SELECT count(*) FROM __drizzle_migrations) AS migrations';
    const before = (await db.execute(content)).rows[0]!;
    expect(before.modules).toBeGreaterThan(0);
    const again = await promisify(execFile)('npm', ['run', '--silent', 'db:migrate'], {
      env: { ...process.env, DATABASE_URL: sqld.url, LIBSQL_AUTH_TOKEN: sqld.authToken },
    });
    expect(again.stdout).not.toContain('fylt med innhold');
    expect((await db.execute(content)).rows[0]).toEqual(before);
  });

  it('keeps the admin’s trigram search indexes (migration search_index) in step, as on a file', async () => {
    const db = client(sqld.authToken);
    const search = async (text: string) =>
      (
        await db.execute({
          sql: 'SELECT email FROM users WHERE rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH ?)',
          args: [`"${text}"`],
        })
      ).rows.map((r) => r.email);
    await db.execute(
      "INSERT INTO users (id, email, first_name, created_at) VALUES ('u-fts', 'trigram.test@example.no', 'Qzxy', 0)",
    );
    expect(await search('gram.te')).toEqual(['trigram.test@example.no']);
    expect(await search('QZXY')).toEqual(['trigram.test@example.no']);
    await db.execute("UPDATE users SET first_name = 'Annen' WHERE id = 'u-fts'");
    expect(await search('qzxy')).toEqual([]);
    await db.execute("DELETE FROM users WHERE id = 'u-fts'");
    expect(await search('gram.te')).toEqual([]);
    await db.execute("INSERT INTO users_search(users_search, rank) VALUES ('integrity-check', 1)");
  });

  it('refuses db:migrate without the token', async () => {
    const run = promisify(execFile)('npm', ['run', '--silent', 'db:migrate'], {
      env: { ...process.env, DATABASE_URL: sqld.url, LIBSQL_AUTH_TOKEN: '' },
    });
    await expect(run).rejects.toMatchObject({ stderr: expect.stringContaining('401') });
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
