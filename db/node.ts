import { createClient, type Client } from '@libsql/client';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { DatabaseBusyError, retryWhenBusy, type BusyRetryOptions } from './busy';
import { isBusy } from './errors';
import { cacheStatements } from './statement-cache';
import { createDb, type Db } from './index';
import { redactDatabaseUrl } from './url';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * How long a call keeps retrying while another process holds the file's write lock (a
 * migration, a backup, `sqlite3` in a terminal) before the request is answered 503. SQLite
 * itself never waits (busy timeout 0): its wait is a sleep on the event loop, which froze every
 * request — static pages too — for as long as the lock was held. The retries wait on timers.
 */
export const BUSY_WAIT_MS = 2000;

/** The database cannot be used at start: `npm start` prints the message (one line) and stops. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

/**
 * What an operator can do about why SQLite refused the file, in Norwegian; null when `err` is
 * no condition of the file or the disk (a bug, whose stack trace is wanted).
 */
function fileFailure(err: unknown): string | null {
  if (err instanceof DatabaseBusyError || isBusy(err)) return 'databasen er låst av en annen prosess';
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    const code = `${String(e.code ?? '')} ${String(e.message ?? '')}`;
    if (/ENOSPC|SQLITE_FULL|disk is full/.test(code)) return 'disken er full';
    if (/EACCES|EPERM|EROFS|EEXIST|ENOTDIR/.test(code)) return `mappen kan ikke opprettes (${String(e.code)})`;
    if (/READONLY|readonly/.test(code)) return 'filen eller mappen er skrivebeskyttet';
    if (/CANTOPEN|unable to open/.test(code)) return 'filen kan ikke åpnes (finnes mappen, og har brukeren tilgang?)';
    if (/NOTADB|not a database/.test(code)) return 'filen er ikke en SQLite-database';
    if (/SQLITE_IOERR|disk I\/O error/.test(code)) return 'lese- eller skrivefeil på disken (SQLITE_IOERR)';
  }
  return null;
}

const openFailure = (err: unknown) => fileFailure(err) ?? String((err as { message?: unknown }).message ?? err).split('\n')[0]!;

/**
 * A failure of the database while the server starts (migrations, seeding) as one line naming
 * DATABASE_URL, when the file or the disk is the cause; any other error is handed back as it is.
 */
export function startError(url: string, err: unknown): unknown {
  const cause = fileFailure(err);
  return cause ? new DatabaseOpenError(`DATABASE_URL (${redactDatabaseUrl(url)}): ${cause}.`, { cause: err }) : err;
}

/**
 * Opens a libSQL database on Node.
 *
 * A file database gets exactly one connection. libSQL runs file statements synchronously on
 * the event loop, so a pool of connections adds no parallelism, only ways to stall, and every
 * connection the pool opens later misses the per-connection PRAGMAs below (foreign keys were
 * off on all but the first). With one connection, statements queue in order and each runs to
 * the end before the next starts. The price: no interactive transactions (`db.transaction()`)
 * in request handlers — a held transaction would hold the only connection; `db.batch()` is
 * atomic and is what the handlers use (on Workers too, where each statement is a network
 * round trip). Another process's lock is waited for off the event loop (see BUSY_WAIT_MS and
 * db/busy.ts; docs/decisions/0021-database-off-the-event-loop.md).
 *
 * A file that cannot be opened or written throws DatabaseOpenError naming DATABASE_URL. `onBusy`
 * hears of each call that found the lock held (GET /metrics counts them).
 */
export async function openDatabase(
  url: string,
  authToken?: string,
  { onBusy }: Pick<BusyRetryOptions, 'onBusy'> = {},
): Promise<{ client: Client; db: Db }> {
  cacheStatements();
  const isFile = url.startsWith('file:') || url === ':memory:';
  const onDisk = isFile && !url.includes(':memory:');
  try {
    if (onDisk) {
      mkdirSync(dirname(url.slice('file:'.length)), { recursive: true });
    }
    const connect = async () => {
      const raw = createClient({ url, authToken, ...(isFile ? { concurrency: 1, timeout: 0 } : {}) });
      if (isFile) {
        // Readers (another process, a backup) never block the writer, nor it them; kept in the file.
        await raw.execute('PRAGMA journal_mode = WAL');
        // In WAL mode a commit need not wait for the disk: a power cut may lose the last commits,
        // but never corrupts the file. Waiting for fsync on every rate-limit hit or event was most
        // of a write's cost, paid with the event loop blocked.
        await raw.execute('PRAGMA synchronous = NORMAL');
        await raw.execute('PRAGMA foreign_keys = ON');
        // Deleted rows (an erased user's address) are overwritten, not left in free pages.
        await raw.execute('PRAGMA secure_delete = ON');
      }
      return raw;
    };
    // A fresh connection to an in-memory database would be a new, empty one; nothing else can lock it anyway.
    const client = retryWhenBusy(await connect(), { waitMs: BUSY_WAIT_MS, onBusy, ...(onDisk ? { renew: connect } : {}) });
    // A real write that changes nothing: a read-only file in WAL mode opens, takes the lock and
    // commits nothing without complaint, and only refuses the first change. Writing the header's
    // user_version back is such a change; DDL is not used here, since a schema change while
    // another connection in this process prepares a statement made that one fail with
    // "no such table" (libSQL).
    if (isFile) {
      const [version] = (await client.execute('PRAGMA user_version')).rows;
      await client.execute(`PRAGMA user_version = ${Number(version?.[0] ?? 0)}`);
    }
    return { client, db: createDb(client) };
  } catch (err) {
    throw new DatabaseOpenError(`DATABASE_URL (${redactDatabaseUrl(url)}): ${openFailure(err)}.`, { cause: err });
  }
}

export async function migrateDatabase(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
