/**
 * `npm run db:migrate`: applies the committed migrations to DATABASE_URL and seeds an empty
 * database. DATABASE_URL is a file, or a libSQL server over the network (Turso, any sqld:
 * `libsql://`, `https://`, `http://`) with LIBSQL_AUTH_TOKEN.
 */
import { migrateDatabase, openDatabase } from './node';
import { seedIfEmpty } from './seed/seed';
import { redactDatabaseUrl } from './url';

/** The innermost error's message: the server's answer, not Drizzle's restatement of the query. */
function rootCause(err: unknown): string {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return e instanceof Error ? e.message : String(e);
}

const url = process.env.DATABASE_URL ?? 'file:data/app.db';
const { client, db } = await openDatabase(url, process.env.LIBSQL_AUTH_TOKEN || undefined);
try {
  await migrateDatabase(db);
  const seeded = await seedIfEmpty(db);
  console.log(`Migrert ${redactDatabaseUrl(url)}${seeded ? ' og fylt med innhold' : ''}.`);
} catch (err) {
  console.error(`Migrering av ${redactDatabaseUrl(url)} feilet: ${rootCause(err)}`);
  process.exitCode = 1;
} finally {
  client.close();
}
