import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { unstable_readConfig } from 'wrangler';
import { rateLimits } from '#db/schema';
import { appPerTest } from '#support/app';
import { RATE_RULES } from '#worker/http/rate-limit';
import {
  BINDING_PERIOD_SECONDS,
  cloudflareRateLimiter,
  RATE_LIMIT_BINDINGS,
  type RateLimitBinding,
} from './cloudflare-rate-limit';

const t = appPerTest();

/** A binding that allows `limit` calls per key, like Cloudflare's within one window. */
function fakeBinding(limit: number) {
  const seen = new Map<string, number>();
  const binding: RateLimitBinding = {
    limit: vi.fn(async ({ key }: { key: string }) => {
      seen.set(key, (seen.get(key) ?? 0) + 1);
      return { success: seen.get(key)! <= limit };
    }),
  };
  return binding;
}

function allBindings(limit: number): Record<string, RateLimitBinding> {
  return Object.fromEntries([...RATE_LIMIT_BINDINGS.values()].map((name) => [name, fakeBinding(limit)]));
}

describe('cloudflareRateLimiter', () => {
  it('asks the binding for per-client rules, refuses with Retry-After of its window, and writes nothing', async () => {
    const env = allBindings(2);
    const limit = cloudflareRateLimiter(env, t.clock.now)(t.db);
    await limit('event:ip:203.0.113.9', RATE_RULES.eventPerIp);
    await limit('event:ip:203.0.113.9', RATE_RULES.eventPerIp);
    await expect(limit('event:ip:203.0.113.9', RATE_RULES.eventPerIp)).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      headers: { 'Retry-After': String(BINDING_PERIOD_SECONDS) },
      message: 'For mange forsøk. Prøv igjen om 1 minutt.',
    });
    expect(env.RATE_LIMIT_EVENT_PER_IP!.limit).toHaveBeenCalledWith({ key: 'event:ip:203.0.113.9' });
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });

  it('counts per-address rules in the database, where they hold worldwide', async () => {
    const limit = cloudflareRateLimiter(allBindings(100), t.clock.now)(t.db);
    for (let i = 0; i < RATE_RULES.magicLinkPerEmail.limit; i++)
      await limit('magic-link:email:kari@example.no', RATE_RULES.magicLinkPerEmail);
    await expect(limit('magic-link:email:kari@example.no', RATE_RULES.magicLinkPerEmail)).rejects.toMatchObject({ status: 429 });
    expect(await t.db.select().from(rateLimits)).toMatchObject([{ key: 'magic-link:email:kari@example.no', count: 6 }]);
  });

  it('says which bindings are missing and counts those rules in the database instead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const limit = cloudflareRateLimiter({}, t.clock.now)(t.db);
      expect(String(warn.mock.calls[0]![0])).toContain('RATE_LIMIT_EVENT_PER_IP');
      await limit('event:ip:x', RATE_RULES.eventPerIp);
      expect(await t.db.select().from(rateLimits)).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('has every per-IP rule answered by a binding that wrangler.toml declares with a one-minute window', () => {
    const perIp = Object.entries(RATE_RULES).filter(([name]) => name.endsWith('PerIp'));
    expect(perIp.map(([, rule]) => RATE_LIMIT_BINDINGS.has(rule))).toEqual(perIp.map(() => true));
    // The file alone, never the developer's .dev.vars.
    const { ratelimits } = unstable_readConfig({ config: fileURLToPath(new URL('../../../wrangler.toml', import.meta.url)) });
    for (const name of RATE_LIMIT_BINDINGS.values()) {
      expect(ratelimits.find((r: { name: string }) => r.name === name)?.simple.period, name).toBe(BINDING_PERIOD_SECONDS);
    }
  });
});
