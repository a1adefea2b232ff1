import { and, eq, exists, inArray, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import { magicLinkTokens, rateLimits, users, type MailCharge } from '#db/schema';
import { HOUR } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { rateLimited, RATE_RULES, type RateRule } from '#worker/http/rate-limit';
import { addressPseudonym } from '#worker/features/privacy/index';

type Counter = { key: string; rule: RateRule };
type CounterRow = typeof rateLimits.$inferSelect;

/**
 * The share of the site's hourly budget that addresses without an account may use: the rest is
 * kept for people who already have one, so strangers cannot spend it and lock the members (and
 * the admin) out. Admins are never stopped by the site budget (only by their address's allowance).
 */
export const STRANGER_SHARE = 2 / 3;

export const strangerLimit = (budget: number) => Math.max(1, Math.floor(budget * STRANGER_SHARE));

/**
 * What a sign-in e-mail is charged to: its address's allowance and the whole site's hourly
 * budget (MAIL_HOURLY_BUDGET). Checked when the link is asked for, charged only when the mail
 * queue hands the mail to the transport (`chargeTo`): a refused request or a send that failed
 * costs nobody anything, so a person is not locked out after the mail server comes back. A newer
 * link to the same address replaces one still queued, so an address has at most one sign-in mail
 * waiting and the allowance cannot be outrun while mail is held up.
 */
export async function mailQuota(ctx: ServiceCtx<'config'>, email: string) {
  const { db } = ctx;
  const now = ctx.now();
  const budget = ctx.config.MAIL_HOURLY_BUDGET;
  const address: Counter = {
    key: `mail:address:${await addressPseudonym(ctx.config, email)}`,
    rule: RATE_RULES.magicLinkPerEmail,
  };
  const site: Counter = { key: 'mail:site', rule: { limit: budget, windowMs: HOUR } };
  const windowStart = (c: Counter) => now - (now % c.rule.windowMs);

  const account = db.select({ role: users.role }).from(users).where(eq(users.email, email));
  const isFull = (c: Counter, limit: SQL) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, c.key), eq(rateLimits.windowStart, windowStart(c)), sql`${rateLimits.count} >= ${limit}`)),
    );
  const siteLimit = sql`CASE WHEN ${exists(account)} THEN ${budget} ELSE ${strangerLimit(budget)} END`;
  // Staff (any role) are spared the site's budget: signing in to help is never refused for the crowd's mail.
  const isStaff = exists(
    db
      .select({ one: sql`1` })
      .from(users)
      .where(and(eq(users.email, email), isNotNull(users.role))),
  );

  return {
    /** The counters the mail is charged to on handover (`QueuedMail.chargeTo`). */
    chargeTo: [address, site].map((c): MailCharge => ({ key: c.key, windowMs: c.rule.windowMs })),

    /**
     * For the batch right after the insert of the link `tokenHash`: take the link back if either
     * limit is reached; then read the counters and whether the address has an account. One
     * transaction, so two requests cannot both take the last place.
     */
    statements: (tokenHash: string) =>
      [
        db
          .delete(magicLinkTokens)
          .where(
            and(
              eq(magicLinkTokens.tokenHash, tokenHash),
              or(isFull(address, sql`${address.rule.limit}`), and(not(isStaff), isFull(site, siteLimit))),
            ),
          ),
        db
          .select()
          .from(rateLimits)
          .where(inArray(rateLimits.key, [address.key, site.key])),
        account,
      ] as const,

    /**
     * After a take-back: throws the 429 (with Retry-After) of the limit that was reached, unless
     * the caller answers quietly (`skip`: a sign-up is saved whatever its mail's fate).
     */
    refuse(rows: CounterRow[], accounts: { role: string | null }[], whenFull: 'refuse' | 'skip'): void {
      if (whenFull === 'skip') return;
      const current = (c: Counter) => rows.find((r) => r.key === c.key && r.windowStart === windowStart(c))?.count ?? 0;
      const full = current(address) >= address.rule.limit ? address : site;
      if (full === site && (accounts[0]?.role || current(site) < (accounts.length ? budget : strangerLimit(budget)))) return;
      throw rateLimited((windowStart(full) + full.rule.windowMs - now) / 1000);
    },
  };
}
