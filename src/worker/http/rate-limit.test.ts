import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#db/schema';
import { appPerTest } from '#support/app';
import { AppError } from '#worker/errors';
import { counterStatement, enforceLimit, memoryRateLimiter, RATE_RULES, type RateLimiter, type RateRule } from './rate-limit';

const MINUTE = 60_000;
const RULE = { limit: 3, windowMs: 10 * MINUTE };

const t = appPerTest();
beforeEach(async () => {
  // Windows are fixed (aligned to the epoch); start every test at the beginning of one.
  t.clock.advance((RULE.windowMs - (t.clock.now() % RULE.windowMs)) % RULE.windowMs);
});

/** The two ways to count: in this process's memory, and a database counter checked in a batch. */
const limiters: [string, () => RateLimiter][] = [
  ['memoryRateLimiter', () => memoryRateLimiter(t.clock.now)],
  [
    'counterStatement + enforceLimit',
    () => async (key: string, rule: RateRule) => {
      const now = t.clock.now();
      const [[row]] = await t.db.batch([counterStatement(t.db, key, rule, now)]);
      enforceLimit(row, rule, now);
    },
  ],
];

describe.each(limiters)('%s', (_name, makeLimiter) => {
  let limit: RateLimiter;
  beforeEach(() => {
    limit = makeLimiter();
  });

  /** Runs the limiter and returns the 429 it throws, or null when the call is allowed. */
  async function attempt(key: string, rule: RateRule = RULE): Promise<AppError | null> {
    try {
      await limit(key, rule);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return err as AppError;
    }
  }

  it('allows `limit` calls in a window, then throws 429 rate_limited with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect(await attempt('k')).toBeNull();
    const err = await attempt('k');
    expect(err?.status).toBe(429);
    expect(err?.code).toBe('rate_limited');
    expect(err?.headers['Retry-After']).toBe(String(10 * 60));
    expect(err?.message).toBe('For mange forsøk. Prøv igjen om 10 minutter.');
  });

  it('counts Retry-After down to the end of the window', async () => {
    for (let i = 0; i < 3; i++) await attempt('k');
    t.clock.advance(9 * MINUTE + 30_000);
    const err = await attempt('k');
    expect(err?.headers['Retry-After']).toBe('30');
    expect(err?.message).toBe('For mange forsøk. Prøv igjen om 1 minutt.');
  });

  it('keeps refusing within the window, however often it is asked', async () => {
    for (let i = 0; i < 3; i++) await attempt('k');
    for (let i = 0; i < 5; i++) expect((await attempt('k'))?.status).toBe(429);
  });

  it('starts afresh in the next window', async () => {
    for (let i = 0; i < 4; i++) await attempt('k');
    t.clock.advance(10 * MINUTE);
    expect(await attempt('k')).toBeNull();
    expect(await attempt('k')).toBeNull();
    expect(await attempt('k')).toBeNull();
    expect(await attempt('k')).not.toBeNull();
  });

  it('counts each key separately', async () => {
    for (let i = 0; i < 3; i++) await attempt('a');
    expect(await attempt('a')).not.toBeNull();
    expect(await attempt('b')).toBeNull();
  });

  it('does not lose counts under concurrent calls', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => attempt('burst')));
    expect(results.filter((r) => r === null)).toHaveLength(3);
    expect(results.filter((r) => r?.status === 429)).toHaveLength(7);
  });
});

describe('memoryRateLimiter', () => {
  it('never touches the database, refused or not', async () => {
    const limit = memoryRateLimiter(t.clock.now);
    for (let i = 0; i < 10; i++) await limit('ip:1', RULE).catch(() => {});
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });

  it('forgets ended windows, so memory holds only live counters', async () => {
    const limit = memoryRateLimiter(t.clock.now);
    for (let i = 0; i < 3; i++) await limit('old', RULE);
    t.clock.advance(RULE.windowMs + MINUTE);
    await limit('new', RULE);
    // A fresh window for the old key: had it been kept, its count would go on from 3.
    for (let i = 0; i < 3; i++) await limit('old', RULE);
    await expect(limit('old', RULE)).rejects.toMatchObject({ status: 429 });
  });
});

describe('counterStatement', () => {
  it('keeps the counter in the database, so every process and isolate shares it', async () => {
    const now = t.clock.now();
    for (let i = 0; i < 4; i++) await counterStatement(t.db, 'shared', RULE, now);
    expect(await t.db.select().from(rateLimits)).toEqual([{ key: 'shared', windowStart: now - (now % RULE.windowMs), count: 4 }]);
  });

  it('rides in one batch with the work it guards and returns { count, windowStart }', async () => {
    const now = t.clock.now();
    const [counter, rows] = await t.db.batch([
      counterStatement(t.db, 'email:kari@example.no', RULE, now),
      t.db.select().from(rateLimits),
    ]);
    expect(counter).toEqual([{ count: 1, windowStart: now - (now % RULE.windowMs) }]);
    expect(rows).toHaveLength(1);
  });
});

it('has the documented limits for magic links', () => {
  expect(RATE_RULES.magicLinkPerEmail).toEqual({ limit: 5, windowMs: 15 * MINUTE });
  expect(RATE_RULES.magicLinkPerIp).toEqual({ limit: 20, windowMs: 15 * MINUTE });
});
