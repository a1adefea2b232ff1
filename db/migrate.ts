/** `npm run db:migrate`: applies committed migrations to DATABASE_URL (a file, or Turso with LIBSQL_AUTH_TOKEN). */
import { migrateDatabase, openDatabase } from './node';
import { seedIfEmpty } from './seed/seed';
import { redactDatabaseUrl } from './url';

const url = process.env.DATABASE_URL ?? 'file:data/app.db';
const { client, db } = await openDatabase(url, process.env.LIBSQL_AUTH_TOKEN);
await migrateDatabase(db);
const seeded = await seedIfEmpty(db);
console.log(`Migrert ${redactDatabaseUrl(url)}${seeded ? ' og fylt med innhold' : ''}.`);
client.close();
