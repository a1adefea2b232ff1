import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { AppError } from './errors';

export type RateRule = { limit: number; windowMs: number };
export type RateLimiter = (key: string, rule: RateRule) => Promise<void>;

/**
 * Fixed-window counter stored in the database, so limits hold across processes and
 * Worker isolates. Throws a 429 with Retry-After once the window's limit is spent.
 */
export function dbRateLimiter(db: Db, now: () => number): RateLimiter {
  return async (key, { limit, windowMs }) => {
    const t = now();
    const windowStart = t - (t % windowMs);
    const rows = await db.all<{ count: number; window_start: number }>(sql`
      INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
      ON CONFLICT(key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
        window_start = excluded.window_start
      RETURNING count, window_start`);
    const row = rows[0];
    if (row && row.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((row.window_start + windowMs - t) / 1000));
      const minutes = Math.ceil(retryAfter / 60);
      const wait = minutes === 1 ? '1 minutt' : `${minutes} minutter`;
      throw new AppError('rate_limited', 429, `For mange forsøk. Prøv igjen om ${wait}.`, {
        'Retry-After': String(retryAfter),
      });
    }
  };
}

const MINUTE = 60_000;
export const RATE_RULES = {
  magicLinkPerEmail: { limit: 5, windowMs: 15 * MINUTE },
  magicLinkPerIp: { limit: 20, windowMs: 15 * MINUTE },
  verifyPerIp: { limit: 30, windowMs: 15 * MINUTE },
  codePerEmail: { limit: 10, windowMs: 15 * MINUTE },
  leadPerIp: { limit: 10, windowMs: 60 * MINUTE },
  eventPerIp: { limit: 300, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateRule>;
