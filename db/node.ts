import { createClient, type Client } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createDb, type Db } from './index';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** How long a write waits for another process's lock (a migration, a test reading the file) before failing. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens a libSQL database on Node.
 *
 * A file database gets exactly one connection. libSQL runs file statements synchronously on
 * the event loop, so a pool of connections adds no parallelism, only ways to stall: a second
 * connection that finds the first one's write lock sleeps out its busy timeout with the whole
 * process frozen, and every connection the pool opens later misses the per-connection PRAGMAs
 * below (foreign keys were off on all but the first). With one connection, statements queue
 * in order and each runs to the end before the next starts. The price: no interactive
 * transactions (`db.transaction()`) in request handlers — a held transaction would hold the
 * only connection; `db.batch()` is atomic and is what the handlers use (on Workers too, where
 * each statement is a network round trip).
 */
export async function openDatabase(url: string, authToken?: string): Promise<{ client: Client; db: Db }> {
  const isFile = url.startsWith('file:') || url === ':memory:';
  if (isFile && !url.includes(':memory:')) {
    mkdirSync(dirname(url.slice('file:'.length)), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS, ...(isFile ? { concurrency: 1 } : {}) });
  if (isFile) {
    // Readers (another process, a backup) never block the writer, nor it them; kept in the file.
    await client.execute('PRAGMA journal_mode = WAL');
    // In WAL mode a commit need not wait for the disk: a power cut may lose the last commits,
    // but never corrupts the file. Waiting for fsync on every rate-limit hit or event was most
    // of a write's cost, paid with the event loop blocked.
    await client.execute('PRAGMA synchronous = NORMAL');
    await client.execute('PRAGMA foreign_keys = ON');
  }
  return { client, db: createDb(client) };
}

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
