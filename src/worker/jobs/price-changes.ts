import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { priceHistory, subscriptions, users, type Subscription } from '#db/schema';
import { PATHS } from '#shared/paths';
import type { ServiceCtx } from '#worker/context';
import { enqueueMail } from '#worker/emails/queue';
import { priceChangeEmail } from '#worker/emails/subscription';
import { periodEnd, PRICE_NOTICE_MS } from '#worker/features/subscriptions/index';
import { PaymentStartError } from '#worker/platform/payments/types';

export type PriceChangesResult = { noticed: number; told: number };

/** Øre: the plan's list price now, the latest price_history row in force (null: none recorded). */
const listPriceOre = (at: number) =>
  sql<number | null>`(SELECT ${priceHistory.amount} * 100 FROM ${priceHistory}
    WHERE ${priceHistory.plan} = ${subscriptions.plan} AND ${priceHistory.effectiveFrom} <= ${at}
    ORDER BY ${priceHistory.effectiveFrom} DESC LIMIT 1)`;

const live = inArray(subscriptions.status, ['trialing', 'active', 'past_due']);

/** The first renewal of `sub` at least PRICE_NOTICE_MS after `at`: where a price noticed at `at` may first apply. */
function firstRenewalAfterNotice(sub: Pick<Subscription, 'plan' | 'currentPeriodEnd'>, at: number): number {
  let renewal = sub.currentPeriodEnd.getTime();
  while (renewal < at + PRICE_NOTICE_MS) renewal = periodEnd(sub.plan, renewal);
  return renewal;
}

/**
 * A list price change reaching existing subscribers (docs/decisions/0042-price-changes.md). The
 * stored record is the plan's latest `price_history` row (written when PRICES_NOK changes, by the
 * first offer shown afterwards): new buyers pay it at once; each renewing subscriber whose agreed
 * price differs is mailed a notice, and the new price is set to apply from their first renewal at
 * least 30 days later (until then, and if they cancel, they pay what they agreed). Once that
 * renewal is the next one, the provider is told (Stripe's subscription price, the Vipps
 * agreement's pricing) so it charges it; the renewal itself makes it the agreed price. One read
 * batch, the providers' calls, one write batch; each write is guarded by the state it was decided
 * on and the notice deduplicated, so a repeated run changes nothing twice.
 */
export async function runPriceChanges(ctx: ServiceCtx<'payments' | 'config'>, at: number): Promise<PriceChangesResult> {
  const { db, config } = ctx;
  const list = listPriceOre(at);
  const [toNotice, toTell] = await db.batch([
    db
      .select({ sub: subscriptions, email: users.email, listOre: list })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(
        and(
          live,
          sql`${list} IS NOT NULL AND ${list} <> ${subscriptions.amountOre}`,
          or(isNull(subscriptions.nextAmountOre), sql`${subscriptions.nextAmountOre} <> ${list}`),
        ),
      ),
    db
      .select()
      .from(subscriptions)
      .where(
        and(
          live,
          isNotNull(subscriptions.nextAmountOre),
          isNull(subscriptions.nextAmountToldAt),
          lte(subscriptions.nextAmountFrom, subscriptions.currentPeriodEnd),
        ),
      ),
  ]);

  const told = await Promise.all(
    toTell.map(async (sub) => {
      const provider = ctx.payments.byName(sub.provider);
      try {
        await provider?.changePrice?.({ subscription: sub, plan: sub.plan, amountOre: sub.nextAmountOre! });
        return true;
      } catch (err) {
        if (!(err instanceof PaymentStartError)) throw err;
        // Not reached: the next run tries again, well before the renewal.
        console.error(`Payment provider ${sub.provider} could not change the price of ${sub.id}:`, err.message);
        return false;
      }
    }),
  );

  const link = config.PUBLIC_URL + PATHS.profile;
  const work: BatchItem<'sqlite'>[] = [];
  for (const { sub, email, listOre } of toNotice) {
    const newOre = listOre!;
    const from = firstRenewalAfterNotice(sub, at);
    const unchanged = and(
      eq(subscriptions.id, sub.id),
      eq(subscriptions.amountOre, sub.amountOre),
      sub.nextAmountOre === null ? isNull(subscriptions.nextAmountOre) : eq(subscriptions.nextAmountOre, sub.nextAmountOre),
    );
    work.push(
      db
        .update(subscriptions)
        .set({ nextAmountOre: newOre, nextAmountFrom: new Date(from), nextAmountToldAt: null, updatedAt: new Date(at) })
        .where(unchanged),
      enqueueMail(
        db,
        {
          ...priceChangeEmail({ to: email, plan: sub.plan, fromOre: sub.amountOre, toOre: newOre, from: new Date(from), link }),
          kind: 'transactional',
          dedupeKey: `price-notice:${sub.id}:${newOre}`,
        },
        at,
      ),
    );
  }
  toTell.forEach((sub, i) => {
    if (!told[i]) return;
    work.push(
      db
        .update(subscriptions)
        .set({ nextAmountToldAt: new Date(at) })
        .where(and(eq(subscriptions.id, sub.id), eq(subscriptions.nextAmountOre, sub.nextAmountOre!))),
    );
  });
  if (work.length) await db.batch(work as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return { noticed: toNotice.length, told: told.filter(Boolean).length };
}
