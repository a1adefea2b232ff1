import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { rateLimits } from '#db/schema';
import { rateLimitedIn } from '#shared/copy/errors';
import { DAY, HOUR, MINUTE } from '#shared/time';
import { AppError } from '#worker/errors';

export type RateRule = { limit: number; windowMs: number };
/** Counts one attempt for `key` under `rule`; throws the 429 AppError once the rule's limit is spent. */
export type RateLimiter = (key: string, rule: RateRule) => Promise<void>;
export type CounterRow = { count: number; windowStart: number };

export const RATE_RULES = {
  magicLinkPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  magicLinkPerIp: { limit: 20, windowMs: 15 * MINUTE },
  /** One /24 or /56 (client-ip.ts `networkOf`): a few households or one office, not a botnet on one host. */
  magicLinkPerNetwork: { limit: 40, windowMs: 15 * MINUTE },
  verifyPerIp: { limit: 30, windowMs: 15 * MINUTE },
  codePerEmail: { limit: 10, windowMs: 15 * MINUTE },
  codePerEmailPerDay: { limit: 20, windowMs: DAY },
  leadPerIp: { limit: 10, windowMs: HOUR },
  checkoutPerIp: { limit: 10, windowMs: HOUR },
  /** Trying discount codes at the checkout: enough for typos, too few to guess codes. */
  couponPerIp: { limit: 30, windowMs: HOUR },
  checkoutPerNetwork: { limit: 20, windowMs: HOUR },
  leadPerNetwork: { limit: 20, windowMs: HOUR },
  eventPerIp: { limit: 300, windowMs: HOUR },
  emailChangePerUser: { limit: 5, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

/** The 429 every limiter answers with, saying in whole minutes when to try again. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError('rate_limited', 429, rateLimitedIn(Math.ceil(seconds / 60)), {
    'Retry-After': String(seconds),
  });
}

/** Windows are fixed and aligned to the epoch, so every process and isolate agrees where one starts. */
const windowStartOf = (now: number, windowMs: number) => now - (now % windowMs);

/**
 * One attempt on a counter kept in the database, for limits that must hold everywhere at
 * once (per e-mail address, across Worker isolates and locations). A Drizzle query that
 * returns `[{ count, windowStart }]`, so it can ride in the same `db.batch()` as the work it
 * guards; pass the row to `enforceLimit`.
 */
export function counterStatement(db: Db, key: string, rule: RateRule, now: number) {
  return db
    .insert(rateLimits)
    .values({ key, windowStart: windowStartOf(now, rule.windowMs), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} = excluded.window_start THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/** Throws the 429 when the counter `counterStatement` returned is past the rule's limit. */
export function enforceLimit(row: CounterRow | undefined, rule: RateRule, now: number): void {
  if (row && row.count > rule.limit) throw rateLimited((row.windowStart + rule.windowMs - now) / 1000);
}

/** How often ended windows are swept out of memory. */
const SWEEP_EVERY_MS = MINUTE;

/**
 * Counters in this process's memory: the per-client limiter of the embedded default, one
 * process that sees every request. An attempt that is refused costs no database write, so
 * a flood of them cannot queue up behind, or in front of, real work.
 */
export function memoryRateLimiter(now: () => number): RateLimiter {
  const counters = new Map<string, { windowEnd: number; count: number }>();
  let nextSweep = 0;
  return async (key, rule) => {
    const t = now();
    if (t >= nextSweep) {
      for (const [k, c] of counters) if (c.windowEnd <= t) counters.delete(k);
      nextSweep = t + SWEEP_EVERY_MS;
    }
    const windowStart = windowStartOf(t, rule.windowMs);
    let counter = counters.get(key);
    if (!counter || counter.windowEnd !== windowStart + rule.windowMs) {
      counter = { windowEnd: windowStart + rule.windowMs, count: 0 };
      counters.set(key, counter);
    }
    counter.count++;
    enforceLimit({ count: counter.count, windowStart }, rule, t);
  };
}
