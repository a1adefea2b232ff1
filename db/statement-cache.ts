import Database from 'libsql';

/** Statements kept per connection; past this the least recently used is dropped (and finalized by the GC). */
const MAX_STATEMENTS = 500;

type Connection = InstanceType<typeof Database>;
type Statement = ReturnType<Connection['prepare']>;
type Prepare = Connection['prepare'];
const caches = new WeakMap<Connection, Map<string, Statement>>();
let installed = false;

/**
 * Keeps the statements a file database connection prepares, by SQL text, and hands the same one
 * back the next time: `@libsql/client` prepares every statement anew on every call, and for the
 * session look-up behind every signed-in request, preparing was a fifth of the time. SQLite
 * re-prepares a kept statement itself when the schema changes, and each run binds and resets it.
 * A connection that failed on a lock is replaced (busy.ts), and its statements go with it.
 */
export function cacheStatements(): void {
  if (installed) return;
  installed = true;
  const prepare = Database.prototype.prepare;
  const cachedPrepare = function (this: Connection, sql: string): Statement {
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    const kept = cache.get(sql);
    if (kept) {
      // Most recently used last, so the first key is the one to drop.
      cache.delete(sql);
      cache.set(sql, kept);
      return kept;
    }
    const statement = prepare.call(this, sql);
    cache.set(sql, statement);
    if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
    return statement;
  };
  Database.prototype.prepare = cachedPrepare as Prepare;
}
