import type { Client, InArgs, InStatement, ResultSet, TransactionMode } from '@libsql/client';
import { isBusy } from './errors';

/** Thrown when the database stayed locked by someone else for longer than a request may wait. */
export class DatabaseBusyError extends Error {
  constructor(
    readonly waitedMs: number,
    options?: ErrorOptions,
  ) {
    super(`Databasen var låst i ${waitedMs} ms`, options);
    this.name = 'DatabaseBusyError';
  }
}

export type BusyRetryOptions = {
  /** How long one call may keep retrying before it gives up with DatabaseBusyError. */
  waitMs: number;
  /**
   * A fresh connection to replace the one a busy error came from (file databases): libSQL leaves
   * the statement that hit the lock unfinished until the garbage collector finds it, and while it
   * lives every later commit on that connection fails with "SQL statements in progress".
   */
  renew?: () => Promise<Client>;
  /** Told each time a call finds the lock held: `gaveUp` once it stops waiting (GET /metrics counts both). */
  onBusy?: (gaveUp: boolean) => void;
};

/** The first retry waits up to this long; each later one up to twice the last, capped below. */
const FIRST_DELAY_MS = 10;
const MAX_DELAY_MS = 200;
/**
 * A connection that hit the lock is replaced at most this often: while the lock is held every
 * waiting call fails again and again, and opening a connection (~1 ms, on the event loop) for
 * each failure made pages wait up to 0.4 s. A call that comes sooner waits for the replacement
 * rather than use the old connection: a write there, once the lock is free, takes the lock and
 * cannot commit past the unfinished statement, nor roll back — the connection is then dropped
 * still holding the lock until the garbage collector finds the statement, and every other write
 * waited in vain (a job run right after the lock was released found it busy for its whole 2 s).
 */
const RENEW_EVERY_MS = 100;

/** "Full jitter": a random wait below a growing cap, so processes retrying together spread out. */
const backoff = (attempt: number) => Math.random() * Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a wrapped client keeps the client underneath, read by `attemptOnce`. */
const UNDERNEATH = Symbol('client without retries');

/**
 * The client as it is, without the retries: for a probe that must say at once that the
 * database is locked (health), rather than wait for it.
 */
export function attemptOnce(client: Client): Client {
  const underneath = (client as Client & { [UNDERNEATH]?: () => Client })[UNDERNEATH];
  return underneath ? underneath() : client;
}

/**
 * Wraps a libSQL client so a call that finds the database locked (SQLITE_BUSY, from another
 * process on a file or from sqld/Turso) is retried after a short random wait instead of failing
 * or blocking: on a file the lock is never waited for inside SQLite (busy timeout 0, see
 * db/node.ts), so the event loop stays free while we wait. Retrying is safe: a statement or batch
 * that got SQLITE_BUSY did not commit. After `waitMs` the call fails with DatabaseBusyError,
 * which the API answers with 503 and Retry-After.
 */
export function retryWhenBusy(client: Client, options: BusyRetryOptions): Client {
  let current = client;
  /** Whether a call on `current` hit the lock since it was opened (it may hold a stale statement). */
  let dirty = false;
  let renewedAt = 0;
  /** Calls still running on each connection, so a replaced one is closed only when they are done. */
  const running = new Map<Client, number>();
  let renewing: Promise<void> | null = null;

  const retire = (old: Client) => {
    if (old !== current && !running.get(old)) {
      running.delete(old);
      old.close();
    }
  };

  /** Replaces a connection that hit the lock: at once, or when RENEW_EVERY_MS has passed since the last. */
  const renewIfDirty = () => {
    const renew = options.renew;
    if (!renew || !dirty) return renewing;
    renewing ??= (async () => {
      const wait = renewedAt + RENEW_EVERY_MS - Date.now();
      if (wait > 0) await sleep(wait);
      renewedAt = Date.now();
      const old = current;
      current = await renew();
      dirty = false;
      retire(old);
    })().finally(() => (renewing = null));
    return renewing;
  };

  async function withRetry<T>(call: (c: Client) => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      await renewIfDirty()?.catch(() => undefined);
      const used = current;
      running.set(used, (running.get(used) ?? 0) + 1);
      try {
        return await call(used);
      } catch (err) {
        if (!isBusy(err)) throw err;
        if (used === current) dirty = true;
        const waited = Date.now() - started;
        options.onBusy?.(waited >= options.waitMs);
        if (waited >= options.waitMs) {
          throw new DatabaseBusyError(waited, { cause: err });
        }
        await sleep(Math.min(backoff(attempt), options.waitMs - waited));
      } finally {
        running.set(used, running.get(used)! - 1);
        retire(used);
      }
    }
  }

  const wrapped: Client & { [UNDERNEATH]: () => Client } = {
    [UNDERNEATH]: () => current,
    execute: ((stmtOrSql: InStatement | string, args?: InArgs) =>
      withRetry((c) => (typeof stmtOrSql === 'string' ? c.execute(stmtOrSql, args) : c.execute(stmtOrSql)))) as Client['execute'],
    batch: (stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> =>
      withRetry((c) => c.batch(stmts, mode)),
    migrate: (stmts: InStatement[]) => withRetry((c) => c.migrate(stmts)),
    executeMultiple: (sql: string) => withRetry((c) => c.executeMultiple(sql)),
    // An interactive transaction holds its connection between calls; retrying its parts alone
    // would be wrong, so it is handed through (no request handler uses one; see db/node.ts).
    transaction: (mode?: TransactionMode) => current.transaction(mode),
    sync: () => current.sync(),
    reconnect: () => current.reconnect(),
    close: () => {
      for (const c of new Set([current, ...running.keys()])) c.close();
    },
    get closed() {
      return current.closed;
    },
    get protocol() {
      return current.protocol;
    },
  };
  return wrapped;
}
