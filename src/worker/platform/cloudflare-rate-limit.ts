/**
 * Per-client rate limits on Workers: Cloudflare's rate-limiting binding answers at the edge,
 * so a refused request costs no database round trip. Cloudflare counts per location in
 * windows of 10 or 60 seconds, so each binding in wrangler.toml holds a per-minute limit of
 * the same order as its rule, not the rule itself. Rules without a binding (per e-mail
 * address) must hold worldwide and are counted in the database.
 */
import type { Db } from '#db';
import {
  counterStatement,
  enforceLimit,
  RATE_RULES,
  rateLimited,
  type RateLimiter,
  type RateRule,
} from '#worker/http/rate-limit';

/** The binding's API (wrangler.toml `[[ratelimits]]`). */
export type RateLimitBinding = { limit(options: { key: string }): Promise<{ success: boolean }> };

/** Every binding's window, as wrangler.toml declares it: a refused client may try again after it. */
export const BINDING_PERIOD_SECONDS = 60;

/** Which binding answers which per-client rule. */
export const RATE_LIMIT_BINDINGS = new Map<RateRule, string>([
  [RATE_RULES.magicLinkPerIp, 'RATE_LIMIT_MAGIC_LINK_PER_IP'],
  [RATE_RULES.verifyPerIp, 'RATE_LIMIT_VERIFY_PER_IP'],
  [RATE_RULES.leadPerIp, 'RATE_LIMIT_LEAD_PER_IP'],
  [RATE_RULES.magicLinkPerNetwork, 'RATE_LIMIT_MAGIC_LINK_PER_NETWORK'],
  [RATE_RULES.leadPerNetwork, 'RATE_LIMIT_LEAD_PER_NETWORK'],
  [RATE_RULES.eventPerIp, 'RATE_LIMIT_EVENT_PER_IP'],
  [RATE_RULES.checkoutPerIp, 'RATE_LIMIT_CHECKOUT_PER_IP'],
  [RATE_RULES.checkoutPerNetwork, 'RATE_LIMIT_CHECKOUT_PER_NETWORK'],
  [RATE_RULES.couponPerIp, 'RATE_LIMIT_COUPON_PER_IP'],
]);

const isBinding = (value: unknown): value is RateLimitBinding =>
  typeof (value as RateLimitBinding | undefined)?.limit === 'function';

/** Checks the bindings once (per isolate), then gives each request's database its limiter. */
export function cloudflareRateLimiter(env: Record<string, unknown>, now: () => number): (db: Db) => RateLimiter {
  const missing = [...RATE_LIMIT_BINDINGS.values()].filter((name) => !isBinding(env[name]));
  // Still limited, only dearer: by the database counter instead.
  if (missing.length) console.warn(`Rate-limit-bindinger mangler (teller i databasen i stedet): ${missing.join(', ')}`);

  return (db) => async (key, rule) => {
    const binding = env[RATE_LIMIT_BINDINGS.get(rule) ?? ''];
    if (isBinding(binding)) {
      const { success } = await binding.limit({ key });
      if (!success) throw rateLimited(BINDING_PERIOD_SECONDS);
      return;
    }
    const t = now();
    const [row] = await counterStatement(db, key, rule, t);
    enforceLimit(row, rule, t);
  };
}
