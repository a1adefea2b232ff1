import { createClient, type Client } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createDb, type Db } from './index';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens a libSQL database on Node; a file URL gets its folder created and foreign keys on. */
export async function openDatabase(url: string, authToken?: string): Promise<{ client: Client; db: Db }> {
  if (url.startsWith('file:') && !url.includes(':memory:')) {
    mkdirSync(dirname(url.slice('file:'.length)), { recursive: true });
  }
  // `timeout` is the busy timeout of every connection libSQL opens, not just the first.
  const client = createClient({ url, authToken, timeout: 5000 });
  if (url.startsWith('file:') || url === ':memory:') {
    await client.execute('PRAGMA foreign_keys = ON');
    await client.execute('PRAGMA journal_mode = WAL');
  }
  return { client, db: createDb(client) };
}

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
