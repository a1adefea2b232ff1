import { sql } from 'drizzle-orm';
import { campaigns, payments, users, type User } from '#db/schema';
import { PRICES_NOK, SITE_NAME, type Plan } from '#shared/constants';
import { nb } from '#shared/copy/nb';
import { premiumReturnPath } from '#shared/paths';
import { hasActivePremium } from '#shared/premium';
import type { UpgradeResponse } from '#shared/schemas/premium';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { PaymentStartError, type PaymentProviderName, type StartedPayment } from '#worker/platform/payments/types';
import { periodEnd, startStatements } from '#worker/features/subscriptions/index';
import { activeUrgencyQuery, joinActiveCampaign, spotsLeftSql } from './campaign';
import { firstPeriodPrice } from './first-period-price';

/**
 * POST /api/premium/upgrade: starts a subscription. The price is the server's own: the list price
 * (PRICES_NOK), or for the first period the lowest real offer: the campaign the request names
 * until it ends, or the welcome offer within its days (firstPeriodPrice; renewals are at the
 * list price). A client showing another price is refused,
 * never charged it (checked in the recording batch, which records nothing on a mismatch, so no
 * grant and no receipt; a payment page already started expires unused). Without the buyer's consent to
 * immediate delivery (angrerettloven § 22 n) nothing starts; the consent is stored with the
 * payment. The provider starts the subscription; then one batch records the payment and, when it
 * is already paid (the test provider), the subscription, receipt, Premium and receipt mail. The
 * record is written only if nothing changed since the session was read (no concurrent upgrade)
 * and the campaign still has spots, so a double click never pays or grants twice.
 */
export async function startUpgrade(
  ctx: ServiceCtx<'payments' | 'config'>,
  input: {
    user: User;
    plan: Plan;
    price: number;
    campaignId?: string;
    withdrawalConsent?: boolean;
    provider?: PaymentProviderName;
  },
): Promise<UpgradeResponse> {
  const { db } = ctx;
  // The buyer's choice among the configured providers (Vipps or card), else the default.
  const provider = input.provider ? ctx.payments.byName(input.provider) : ctx.payments.default;
  if (!provider) throw new AppError('provider_unavailable', 400);
  const { user, plan, price } = input;
  // The price the screen showed (whole NOK): the list price, or a lower offer's, which the batch below checks.
  if (price < 1 || price > PRICES_NOK[plan]) throw new AppError('price_mismatch', 409);
  if (input.withdrawalConsent !== true) throw new AppError('consent_required', 400);
  const now = ctx.now();
  const charged = firstPeriodPrice({ plan, campaignId: input.campaignId ?? null, userId: user.id, now });
  const amount = price * 100;
  if (hasActivePremium(user, now)) throw new AppError('already_premium', 409);

  const paymentId = crypto.randomUUID();
  let started: StartedPayment;
  try {
    started = await provider.startSubscription({
      paymentId,
      subscriptionId: paymentId,
      plan,
      amountOre: amount,
      renewalAmountOre: PRICES_NOK[plan] * 100,
      currency: 'NOK',
      description: `${SITE_NAME} ${nb.premium.planNames[plan]}`,
      customerEmail: user.email,
      successUrl: ctx.config.PUBLIC_URL + premiumReturnPath('success', undefined, paymentId),
      cancelUrl: ctx.config.PUBLIC_URL + premiumReturnPath('cancel', plan),
    });
  } catch (err) {
    if (!(err instanceof PaymentStartError)) throw err;
    console.error(`Payment provider ${provider.name} could not start a payment:`, err.message);
    await db.insert(payments).values({
      id: paymentId,
      userId: user.id,
      plan,
      amount,
      status: 'failed',
      provider: provider.name,
      createdAt: new Date(now),
      withdrawalConsentAt: new Date(now),
    });
    throw new AppError('payment_unavailable', 502);
  }

  // Paid at once: the period starts now. Paid later (Stripe): the webhook sets it when it is paid.
  const paid = started.status === 'paid';
  const end = periodEnd(plan, now);
  const [recorded, [campaign], [firstPeriod]] = await db.batch([
    db.all<{ id: string }>(sql`
      INSERT INTO ${payments} (id, user_id, campaign_id, plan, amount, currency, status, provider, provider_ref, created_at, paid_at,
                               period_start, period_end, withdrawal_consent_at)
      SELECT ${paymentId}, ${users.id}, ${campaigns.id}, ${plan}, ${amount}, 'NOK', ${paid ? 'paid' : 'pending'}, ${provider.name},
             ${started.ref}, ${now}, ${paid ? now : null}, ${paid ? now : null}, ${paid ? end : null}, ${now}
      FROM ${users} ${joinActiveCampaign}
      WHERE ${users.id} = ${user.id}
        AND ${users.premiumPlan} IS ${user.premiumPlan}
        AND ${users.premiumEndDate} IS ${user.premiumEndDate?.getTime() ?? null}
        AND coalesce(${spotsLeftSql}, 1) > 0
        AND ${charged} = ${price}
      RETURNING id`),
    activeUrgencyQuery(db),
    db.all<{ charged: number }>(sql`SELECT ${charged} AS charged`),
    // Not Premium (checked above), so the period runs from now.
    ...(paid
      ? startStatements(ctx, {
          paymentId,
          userId: user.id,
          email: user.email,
          plan,
          provider: provider.name,
          subscriptionRef: null,
          amountOre: amount,
          paidAt: now,
          periodEnd: end,
        })
      : []),
  ]);
  if (recorded.length === 0) {
    if (firstPeriod?.charged !== price) throw new AppError('price_mismatch', 409);
    throw campaign?.spotsLeft === 0 ? new AppError('offer_sold_out', 409) : new AppError('already_premium', 409);
  }
  return started.status === 'paid' ? { status: 'paid' } : { status: 'redirect', url: started.url, paymentId };
}
