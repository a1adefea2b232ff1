import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { magicLinkTokens, rateLimits } from '#db/schema';
import { HOUR } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { enforceLimit, RATE_RULES, type RateRule } from '#worker/http/rate-limit';
import { addressPseudonym } from '#worker/features/privacy/index';

type Counter = { key: string; rule: RateRule };
type CounterRow = typeof rateLimits.$inferSelect;

/**
 * What a sign-in e-mail is charged to: its address's allowance and the whole site's hourly
 * budget (MAIL_HOURLY_BUDGET). Only mail that is actually sent is charged, so a refused request
 * costs nobody anything, and one person's requests cannot use up more of another's allowance
 * than the mail that really reached them (whose links all stay valid).
 */
export async function mailQuota(ctx: ServiceCtx<'config'>, email: string) {
  const { db } = ctx;
  const now = ctx.now();
  const address: Counter = {
    key: `mail:address:${await addressPseudonym(ctx.config, email)}`,
    rule: RATE_RULES.magicLinkPerEmail,
  };
  const site: Counter = { key: 'mail:site', rule: { limit: ctx.config.MAIL_HOURLY_BUDGET, windowMs: HOUR } };
  const windowStart = (c: Counter) => now - (now % c.rule.windowMs);

  const isFull = (c: Counter) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(rateLimits)
        .where(
          and(eq(rateLimits.key, c.key), eq(rateLimits.windowStart, windowStart(c)), sql`${rateLimits.count} >= ${c.rule.limit}`),
        ),
    );
  const chargeIfKept = (c: Counter, tokenHash: string) =>
    db.run(sql`
      INSERT INTO rate_limits (key, window_start, count)
      SELECT ${c.key}, ${windowStart(c)}, 1
      WHERE EXISTS (SELECT 1 FROM magic_link_tokens WHERE token_hash = ${tokenHash})
      ON CONFLICT(key) DO UPDATE SET
        count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
        window_start = excluded.window_start`);

  return {
    /**
     * For the batch right after the insert of the link `tokenHash`: take the link back if either
     * counter is full, else charge both; then read the counters. One transaction, so two
     * requests cannot both take the last place.
     */
    statements: (tokenHash: string) =>
      [
        db.delete(magicLinkTokens).where(and(eq(magicLinkTokens.tokenHash, tokenHash), or(isFull(address), isFull(site)))),
        chargeIfKept(address, tokenHash),
        chargeIfKept(site, tokenHash),
        db
          .select()
          .from(rateLimits)
          .where(inArray(rateLimits.key, [address.key, site.key])),
      ] as const,

    /**
     * After a take-back: throws the 429 (with Retry-After) of the limit that was reached, unless
     * that is the address's own and the caller answers such a repeat quietly (`skip`).
     */
    refuse(rows: CounterRow[], whenAddressFull: 'refuse' | 'skip'): void {
      const current = (c: Counter) => rows.find((r) => r.key === c.key && r.windowStart === windowStart(c));
      const full = [address, site].find((c) => (current(c)?.count ?? 0) >= c.rule.limit);
      if (!full || (full === address && whenAddressFull === 'skip')) return;
      const row = current(full)!;
      // One more than the limit: the request just refused.
      enforceLimit({ count: row.count + 1, windowStart: row.windowStart }, full.rule, now);
    },
  };
}
