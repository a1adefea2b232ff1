import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { rateLimitedIn } from '#shared/copy/errors';
import { DAY, HOUR, MINUTE } from '#shared/time';
import { AppError } from './errors';

export type RateRule = { limit: number; windowMs: number };
export type RateLimiter = (key: string, rule: RateRule) => Promise<void>;
type CounterRow = { count: number; window_start: number };

/**
 * A fixed-window counter bumped in the database, as a statement for the request's own
 * `db.batch()`: limits that must hold everywhere (per e-mail address) cost no extra round trip.
 */
export function counterStatement(db: Db, key: string, rule: RateRule, now: number) {
  const windowStart = now - (now % rule.windowMs);
  return db.all<CounterRow>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count, window_start`);
}

/** Throws the 429 (with Retry-After and a Norwegian "try again in N minutes") once a counter is past its limit. */
export function enforceLimit(row: CounterRow | undefined, rule: RateRule, now: number): void {
  if (!row || row.count <= rule.limit) return;
  const retryAfter = Math.max(1, Math.ceil((row.window_start + rule.windowMs - now) / 1000));
  throw new AppError('rate_limited', 429, rateLimitedIn(Math.ceil(retryAfter / 60)), {
    'Retry-After': String(retryAfter),
  });
}

/** A limiter over database counters, so limits hold across processes and Worker isolates. */
export function dbRateLimiter(db: Db, now: () => number): RateLimiter {
  return async (key, rule) => {
    const t = now();
    const [row] = await counterStatement(db, key, rule, t);
    enforceLimit(row, rule, t);
  };
}

export const RATE_RULES = {
  magicLinkPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  magicLinkPerIp: { limit: 20, windowMs: 15 * MINUTE },
  verifyPerIp: { limit: 30, windowMs: 15 * MINUTE },
  codePerEmail: { limit: 10, windowMs: 15 * MINUTE },
  codePerEmailPerDay: { limit: 20, windowMs: DAY },
  leadPerIp: { limit: 10, windowMs: HOUR },
  eventPerIp: { limit: 300, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;
