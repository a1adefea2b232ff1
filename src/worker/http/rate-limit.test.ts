import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#db/schema';
import { createTestApp, type TestApp } from '#support/app';
import { AppError } from './errors';
import { dbRateLimiter, RATE_RULES, type RateLimiter } from './rate-limit';

const MINUTE = 60_000;
const RULE = { limit: 3, windowMs: 10 * MINUTE };

let t: TestApp;
let limit: RateLimiter;
beforeEach(async () => {
  t = await createTestApp();
  limit = dbRateLimiter(t.db, t.clock.now);
  // Windows are fixed (aligned to the epoch); start every test at the beginning of one.
  t.clock.advance((RULE.windowMs - (t.clock.now() % RULE.windowMs)) % RULE.windowMs);
});
afterEach(() => t.close());

/** Runs the limiter and returns the 429 it throws, or null when the call is allowed. */
async function attempt(key: string, rule = RULE, limiter = limit): Promise<AppError | null> {
  try {
    await limiter(key, rule);
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
}

describe('dbRateLimiter', () => {
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

  it('stores the counter in the database, so every process and isolate shares it', async () => {
    const otherProcess = dbRateLimiter(t.db, t.clock.now);
    await attempt('shared');
    await attempt('shared', RULE, otherProcess);
    await attempt('shared');
    expect((await attempt('shared', RULE, otherProcess))?.status).toBe(429);
    const rows = await t.db.select().from(rateLimits);
    expect(rows).toEqual([{ key: 'shared', windowStart: t.clock.now() - (t.clock.now() % RULE.windowMs), count: 4 }]);
  });

  it('does not lose counts under concurrent calls', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => attempt('burst')));
    expect(results.filter((r) => r === null)).toHaveLength(3);
    expect(results.filter((r) => r?.status === 429)).toHaveLength(7);
  });

  it('has the documented limits for magic links', () => {
    expect(RATE_RULES.magicLinkPerEmail).toEqual({ limit: 5, windowMs: 15 * MINUTE });
    expect(RATE_RULES.magicLinkPerIp).toEqual({ limit: 20, windowMs: 15 * MINUTE });
  });
});
