import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import { attemptOnce } from '#db/busy';
import { isBusy } from '#db/errors';
import { ERROR_MESSAGES } from '#shared/errors';
import type { AppEnv } from '#worker/context';

/**
 * How long each probe may take before the instance counts as sick: a file answers in
 * microseconds unless something holds it; a remote database is a network round trip away.
 */
const budgetMs = (protocol: string) => (protocol === 'file' ? 80 : 1500);

/** null when `run` succeeded within `ms`, else what went wrong, for the operator reading the body. */
async function probe(run: () => Promise<unknown>, ms: number): Promise<string | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`svarte ikke innen ${ms} ms (låst av en annen prosess, eller overbelastet)`), ms);
  });
  try {
    return await Promise.race([run().then(() => null), late]);
  } catch (err) {
    if (isBusy(err)) return 'låst av en annen prosess';
    // The driver's own words, not Drizzle's wrapping of them (which repeats the query).
    let inner = err;
    while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
    return String(inner instanceof Error ? inner.message : inner)
      .split('\n')[0]!
      .slice(0, 200);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For a load balancer: 200 only when the database answers a read and grants the write lock
 * (taken and released, nothing written) within the budget; else 503 with what failed, so a
 * sick instance is taken out rather than answering every write with an error.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { db, now } = c.var.deps;
  const ms = budgetMs(db.$client.protocol);
  const [read, write] = await Promise.all([
    probe(() => db.run(sql`select 1 from sqlite_schema limit 1`), ms),
    // Once, not retried: a lock held by someone else is what this is to report, at once.
    probe(() => attemptOnce(db.$client).batch([], 'write'), ms),
  ]);
  const time = new Date(now()).toISOString();
  if (!read && !write) return c.json({ ok: true, time }, 200);
  return c.json(
    {
      ok: false,
      time,
      database: { read: read ?? 'ok', write: write ?? 'ok' },
      error: { code: 'database_unavailable' as const, message: ERROR_MESSAGES.database_unavailable, requestId: c.var.requestId },
    },
    503,
  );
});
