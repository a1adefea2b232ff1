import { sql } from 'drizzle-orm';
import { campaigns, payments, users, type User } from '#db/schema';
import { PRICES_NOK, SITE_NAME, type Plan } from '#shared/constants';
import { nb } from '#shared/copy/nb';
import { premiumReturnPath } from '#shared/paths';
import { hasActivePremium } from '#shared/premium';
import type { UpgradeResponse } from '#shared/schemas/premium';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/http/errors';
import { PaymentStartError, type StartedPayment } from '#worker/platform/payments/types';
import { activeUrgencyQuery, joinActiveCampaign, spotsLeftSql } from './campaign';
import { firstPeriodPrice } from './first-period-price';
import { grantStatement, premiumEndDate } from './grant';

/**
 * POST /api/premium/upgrade. The price is the server's own: the list price (PRICES_NOK), or for
 * the first period the price of the campaign the request names (firstPeriodPrice); a client
 * showing another price is refused, never charged it (checked in the recording batch, which
 * records nothing on a mismatch, so no grant and no payment page). The provider starts the payment; then one batch records it
 * and, when it is already paid (the test provider), grants the plan. The record is written only
 * if nothing changed since the session was read (no concurrent upgrade) and the campaign still
 * has spots, so a double click never pays or grants twice.
 */
export async function startUpgrade(
  ctx: ServiceCtx<'payments' | 'config'>,
  input: { user: User; plan: Plan; price: number; campaignId?: string },
): Promise<UpgradeResponse> {
  const { db, payments: provider } = ctx;
  const { user, plan } = input;
  // The price the screen showed: the list price, or the named campaign's, which the batch below checks (firstPeriodPrice).
  const amount = input.price;
  const charged = firstPeriodPrice({ plan, campaignId: input.campaignId ?? null });
  if (input.campaignId ? amount < 1 || amount > PRICES_NOK[plan] : amount !== PRICES_NOK[plan]) {
    throw new AppError('price_mismatch', 409);
  }
  const now = ctx.now();
  if (hasActivePremium(user, now)) throw new AppError('already_premium', 409);

  const paymentId = crypto.randomUUID();
  let started: StartedPayment;
  try {
    started = await provider.start({
      paymentId,
      plan,
      amount,
      currency: 'NOK',
      description: `${SITE_NAME} ${nb.premium.planNames[plan]}`,
      customerEmail: user.email,
      successUrl: ctx.config.PUBLIC_URL + premiumReturnPath('success'),
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
    });
    throw new AppError('payment_unavailable', 502);
  }

  const paidAt = started.status === 'paid' ? new Date(now) : null;
  const [recorded, [campaign], [price]] = await db.batch([
    db.all<{ id: string }>(sql`
      INSERT INTO ${payments} (id, user_id, campaign_id, plan, amount, currency, status, provider, provider_ref, created_at, paid_at)
      SELECT ${paymentId}, ${users.id}, ${campaigns.id}, ${plan}, ${amount}, 'NOK', ${paidAt ? 'paid' : 'pending'}, ${provider.name},
             ${started.ref}, ${now}, ${paidAt?.getTime() ?? null}
      FROM ${users} ${joinActiveCampaign}
      WHERE ${users.id} = ${user.id}
        AND ${users.premiumPlan} IS ${user.premiumPlan}
        AND ${users.premiumEndDate} IS ${user.premiumEndDate?.getTime() ?? null}
        AND coalesce(${spotsLeftSql}, 1) > 0
        AND ${charged} = ${amount}
      RETURNING id`),
    activeUrgencyQuery(db),
    db.all<{ charged: number }>(sql`SELECT ${charged} AS charged`),
    // Not Premium (checked above), so the plan runs from now and there is an end date.
    ...(paidAt
      ? [grantStatement(db, { userId: user.id, plan, endDate: premiumEndDate(user, plan, now)!, paymentId, paidAt })]
      : []),
  ]);
  if (recorded.length === 0) {
    if (price?.charged !== amount) throw new AppError('price_mismatch', 409);
    throw campaign?.spotsLeft === 0 ? new AppError('offer_sold_out', 409) : new AppError('already_premium', 409);
  }
  return started.status === 'paid' ? { status: 'paid' } : { status: 'redirect', url: started.url };
}
