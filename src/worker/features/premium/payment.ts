import { sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { campaigns, payments, users, type User } from '#db/schema';
import { CHECKOUT_OPEN_MINUTES, PRICES_NOK, SITE_NAME, type Plan } from '#shared/constants';
import { premium } from '#shared/copy/premium';
import { premiumReturnPath } from '#shared/paths';
import type { Buyer as BusinessBuyer } from '#shared/schemas/buyer';
import { MINUTE } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import {
  PaymentStartError,
  type PaymentProvider,
  type PaymentProviderName,
  type StartedPayment,
} from '#worker/platform/payments/types';
import { periodEnd, startStatements, trialStartStatements } from '#worker/features/subscriptions/index';
import { trialEnd } from '#shared/trial';
import { trialDaysSql, trialEligible } from './trial';
import { mailClickRefWithin } from '#worker/features/clicks/index';
import { checkBuyer } from './buyer';
import { checkoutClick } from './campaign-events';
import { activeUrgencyQuery, joinActiveCampaign, spotsLeftSql } from './campaign';
import { couponProblem, couponStillApplies, redemptionStatement, type AppliedCoupon } from './coupon-check';
import { firstPeriodPrice } from './first-period-price';

/** Who pays, as read before the payment starts: the guard that no other upgrade came first compares these. */
export type Payer = Pick<User, 'id' | 'email' | 'premiumPlan' | 'premiumEndDate'>;

type Item = BatchItem<'sqlite'>;
/** Runs the recording batch; a caller may run it inside its own (a checkout's, with its sign-in mail). */
type RunBatch = <T extends [Item, ...Item[]]>(items: T) => Promise<BatchResponse<T>>;

/**
 * Starts the first payment of a subscription and records it: the one path behind the signed-in
 * upgrade and the public checkout. The price is the server's (`price`, whole NOK, what the buyer
 * was shown), written only if it is still what the first period costs (`firstPeriodPrice`: the list
 * price, or the named campaign's while it is active). Without the buyer's consent to immediate
 * delivery (angrerettloven § 22 n) nothing starts; the consent is stored with the payment. The
 * provider starts the subscription; then one batch records the payment and, when it is already
 * paid (the test provider), the subscription, receipt, Premium and receipt mail. The record is
 * written only if the buyer's Premium is as it was read (no concurrent upgrade or checkout) and the
 * campaign still has spots, so a double click or a second tab never pays or grants twice; and only
 * if no other checkout of the payer's is still open at a provider (409 `checkout_open`: at most one
 * subscription per person). A refused record closes the provider's page it just opened. A business
 * buyer (checked in Enhetsregisteret) is stored with the payment and named on the receipt.
 * `after` runs last in that batch (a checkout's session).
 */
export async function startPayment(
  ctx: ServiceCtx<'payments' | 'config'>,
  input: {
    payer: Payer;
    /** A business buyer, named on the receipt. */
    business?: BusinessBuyer;
    plan: Plan;
    price: number;
    campaignId?: string;
    /** A coupon code accepted by the caller's read (coupon-check.ts): its price replaces every other offer's. */
    coupon?: AppliedCoupon;
    withdrawalConsent?: boolean;
    /** The free trial's days the page showed (0060): nothing charged until it ends, then the list price. */
    trialDays?: number;
    provider?: PaymentProviderName;
    /** Where a payment page the buyer leaves sends them back to; by default the upgrade screen. */
    cancelPath?: string;
    after?: (paymentId: string) => Item[];
    run?: RunBatch;
  },
): Promise<{ response: { status: 'paid' } | { status: 'redirect'; url: string; paymentId: string }; paymentId: string }> {
  const { db } = ctx;
  // PAYMENT_PROVIDER=none: no checkout at all, so nothing is started or recorded.
  if (ctx.payments.all.length === 0) throw new AppError('payments_unavailable', 503);
  // The buyer's choice among the configured providers (Vipps or card), else the default.
  const provider = input.provider ? ctx.payments.byName(input.provider) : ctx.payments.default;
  if (!provider) throw new AppError('provider_unavailable', 400);
  if (input.withdrawalConsent !== true) throw new AppError('consent_required', 400);
  const { payer, plan, price } = input;
  const amount = price * 100;
  const now = ctx.now();
  const { coupon, trialDays } = input;
  // A trial's first charge is the list price (no code or campaign with it: refuseTrialWithOffer).
  if (trialDays && price !== PRICES_NOK[plan]) throw new AppError('price_mismatch', 409);
  const trialEndsAt = trialDays ? trialEnd(trialDays, now) : null;
  // A code's price is not added to the other offers': it is the price, checked again in the batch.
  if (coupon && coupon.price !== price) throw new AppError('price_mismatch', 409);
  const couponCheck = { code: coupon?.code ?? '', plan, userId: payer.id, now };
  const charged =
    coupon || trialDays ? sql`${price}` : firstPeriodPrice({ plan, campaignId: input.campaignId ?? null, userId: payer.id, now });
  await checkBuyer(ctx, input.business);
  const company = input.business?.company ?? null;
  const orgNumber = input.business?.orgNumber ?? null;

  const paymentId = crypto.randomUUID();
  let started: StartedPayment;
  try {
    started = await provider.startSubscription({
      paymentId,
      subscriptionId: paymentId,
      plan,
      amountOre: amount,
      renewalAmountOre: PRICES_NOK[plan] * 100,
      discountedPeriods: coupon?.periods ?? 1,
      ...(trialDays ? { trialDays } : {}),
      currency: 'NOK',
      description: `${SITE_NAME} ${premium.planNames[plan]}`,
      customerEmail: payer.email,
      successUrl: ctx.config.PUBLIC_URL + premiumReturnPath('success', undefined, paymentId),
      cancelUrl: ctx.config.PUBLIC_URL + (input.cancelPath ?? premiumReturnPath('cancel', plan)),
      expiresAt: now + CHECKOUT_OPEN_MINUTES * MINUTE,
    });
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    console.error(`Payment provider ${provider.name} could not start a payment:`, err.message);
    await db.insert(payments).values({
      id: paymentId,
      userId: payer.id,
      plan,
      amount,
      status: 'failed',
      provider: provider.name,
      createdAt: new Date(now),
      withdrawalConsentAt: new Date(now),
    });
    throw new AppError('payment_unavailable', 502);
  }

  // Paid at once: the period starts now. Paid later (Stripe, Vipps): the webhook sets it when it is paid.
  // A trial's checkout is never paid: completed at once (the test provider), its trial starts now.
  const completed = started.status === 'paid';
  const paid = completed && !trialEndsAt;
  // The trial the page showed must be the admin's now, for a buyer who never had one.
  const trialStill = sql`(${trialDays ?? 0} = ${trialDaysSql} AND ${trialEligible(sql`${payer.id}`)})`;
  const end = periodEnd(plan, now);
  const run: RunBatch = input.run ?? ((items) => db.batch(items));
  // Another checkout of this payer's still open at a provider: one subscription per person.
  const otherOpenCheckout = sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.userId} = ${payer.id} AND ${payments.id} <> ${paymentId}
    AND ${payments.status} = 'pending' AND ${payments.subscriptionId} IS NULL AND ${payments.createdAt} > ${now - CHECKOUT_OPEN_MINUTES * MINUTE})`;
  const [recorded, [campaign], [firstPeriod], [open], [couponNow]] = await run([
    db.all<{ id: string }>(sql`
      INSERT INTO ${payments} (id, user_id, campaign_id, plan, amount, currency, status, provider, provider_ref, created_at, paid_at,
                               period_start, period_end, withdrawal_consent_at, buyer_company, buyer_org_number, mail_ref, trial_ends_at)
      SELECT ${paymentId}, ${users.id}, ${campaigns.id}, ${plan}, ${amount}, 'NOK', ${paid ? 'paid' : 'pending'}, ${provider.name},
             ${started.ref}, ${now}, ${paid ? now : null}, ${paid ? now : null}, ${paid ? end : null}, ${now}, ${company}, ${orgNumber},
             ${mailClickRefWithin(payer.id, now)}, ${trialEndsAt}
      FROM ${users} ${joinActiveCampaign}
      WHERE ${users.id} = ${payer.id}
        AND ${users.premiumPlan} IS ${payer.premiumPlan}
        AND ${users.premiumEndDate} IS ${payer.premiumEndDate?.getTime() ?? null}
        AND coalesce(${spotsLeftSql}, 1) > 0
        AND ${charged} = ${price}
        AND NOT ${otherOpenCheckout}
        AND ${coupon ? couponStillApplies(coupon, couponCheck) : sql`1`}
        AND ${trialDays ? trialStill : sql`1`}
      RETURNING id`),
    activeUrgencyQuery(db),
    db.all<{ charged: number }>(sql`SELECT ${charged} AS charged`),
    db.all<{ open: number }>(sql`SELECT ${otherOpenCheckout} AS open`),
    // Why a code was refused, read after the refused insert (which wrote nothing).
    db.all<{ problem: string | null; applies: number | null; trialDays: number | null; trialEligible: number | null }>(
      sql`SELECT ${coupon ? couponProblem(couponCheck) : null} AS problem, ${coupon ? couponStillApplies(coupon, couponCheck) : null} AS applies,
        ${trialDays ? trialDaysSql : null} AS "trialDays", ${trialDays ? trialEligible(sql`${payer.id}`) : null} AS "trialEligible"`,
    ),
    // Before the subscription starts: a paid-at-once start reads the code's terms from it.
    ...(coupon ? [redemptionStatement(db, { coupon, paymentId, userId: payer.id, plan })] : []),
    checkoutClick(db, paymentId, now),
    // Not Premium (checked by the caller), so the period runs from now.
    ...(paid
      ? startStatements(ctx, {
          paymentId,
          userId: payer.id,
          email: payer.email,
          plan,
          provider: provider.name,
          subscriptionRef: null,
          amountOre: amount,
          renewalAmountOre: PRICES_NOK[plan] * 100,
          paidAt: now,
          periodEnd: end,
        })
      : []),
    ...(completed && trialEndsAt
      ? trialStartStatements(ctx, {
          paymentId,
          userId: payer.id,
          email: payer.email,
          plan,
          provider: provider.name,
          subscriptionRef: null,
          renewalAmountOre: PRICES_NOK[plan] * 100,
          trialEndsAt,
          now,
        })
      : []),
    ...(input.after?.(paymentId) ?? []),
  ]);
  if (recorded.length === 0) {
    // The page just opened must not take money for a subscription we did not record.
    if (started.status === 'redirect') await voidStarted(provider, started.ref);
    if (open?.open) throw new AppError('checkout_open', 409);
    if (trialDays && !couponNow?.trialEligible) throw new AppError('trial_unavailable', 409);
    if (trialDays && couponNow?.trialDays !== trialDays) throw new AppError('trial_changed', 409);
    if (coupon) {
      const refused = couponRefusal(couponNow?.problem ?? null);
      if (refused) throw refused;
      // Usable, but its terms changed since the price was shown.
      if (!couponNow?.applies) throw new AppError('price_mismatch', 409);
    }
    if (firstPeriod?.charged !== price) throw new AppError('price_mismatch', 409);
    throw campaign?.spotsLeft === 0 ? new AppError('offer_sold_out', 409) : new AppError('already_premium', 409);
  }
  const response =
    started.status === 'paid' ? { status: 'paid' as const } : { status: 'redirect' as const, url: started.url, paymentId };
  return { response, paymentId };
}

const COUPON_REFUSALS = [
  'coupon_inactive',
  'coupon_not_started',
  'coupon_expired',
  'coupon_wrong_plan',
  'coupon_used_up',
  'coupon_already_used',
  'coupon_new_members_only',
] as const;

/** The 400 for a code the recording batch refused, or null when the code itself was still usable. */
function couponRefusal(problem: string | null) {
  const code = COUPON_REFUSALS.find((k) => k === problem);
  return code ? new AppError(code, 400) : null;
}

/** Closes a checkout page we opened but did not record; one that cannot be closed is left to expire (CHECKOUT_OPEN_MINUTES). */
async function voidStarted(provider: PaymentProvider, ref: string) {
  try {
    await provider.voidCheckout?.(ref);
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    console.error(`Payment provider ${provider.name} could not close checkout ${ref}:`, err.message);
  }
}
