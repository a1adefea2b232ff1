import { type User } from '#db/schema';
import { PRICES_NOK, type Plan } from '#shared/constants';
import { hasActivePremium } from '#shared/premium';
import type { Buyer } from '#shared/schemas/buyer';
import type { UpgradeResponse } from '#shared/schemas/premium';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import type { PaymentProviderName } from '#worker/platform/payments/types';
import { acceptCoupon } from './coupon-check';
import { startPayment } from './payment';
import { referralDiscount, referralStatement, upgradeCoupons, type upgradeCouponsRead } from './referral-link';
import { refuseTrialWithOffer } from './trial';

/**
 * POST /api/premium/upgrade: a signed-in user starts a subscription (startPayment). The price is
 * the server's own: the list price (PRICES_NOK), or for the first period the lowest real offer: the
 * campaign the request names until it ends, or the welcome offer within its days (firstPeriodPrice,
 * checked in the recording batch; renewals are at the subscription's stored price), or a code's,
 * or through a member's «Verv en venn» link the referral discount's. A client
 * showing another price is refused, never charged it.
 */
export async function startUpgrade(
  ctx: ServiceCtx<'payments' | 'config'>,
  input: {
    user: User;
    plan: Plan;
    price: number;
    campaignId?: string;
    /** A coupon code, and its coupon as read with the session (the code's own rules; the buyer's are checked when recording). */
    code?: string;
    /** The member whose «Verv en venn» link brought the buyer; the referral coupon is read with the code's. */
    referrer?: string;
    couponRows: Awaited<ReturnType<typeof upgradeCouponsRead>>;
    withdrawalConsent?: boolean;
    /** The free trial's days the screen showed (0060); without it, no trial. */
    trialDays?: number;
    provider?: PaymentProviderName;
    /** A business buyer (checked in Enhetsregisteret), named on the receipt. */
    buyer?: Buyer;
  },
): Promise<UpgradeResponse> {
  const { user, plan, price } = input;
  // PAYMENT_PROVIDER=none: no checkout at all, so nothing is started or recorded.
  if (ctx.payments.all.length === 0) throw new AppError('payments_unavailable', 503);
  if (input.provider && !ctx.payments.byName(input.provider)) throw new AppError('provider_unavailable', 400);
  // The price the screen showed (whole NOK): the list price, or a lower offer's, which the batch checks.
  if (price < 1 || price > PRICES_NOK[plan]) throw new AppError('price_mismatch', 409);
  if (input.withdrawalConsent !== true) throw new AppError('consent_required', 400);
  if (hasActivePremium(user, ctx.now())) throw new AppError('already_premium', 409);
  refuseTrialWithOffer(input);
  const { typed, referral } = upgradeCoupons(input.couponRows);
  const { referrer } = input;
  // A typed code wins over the link's discount (discounts never stack) and a trial takes neither, as at the public checkout.
  const coupon =
    input.code !== undefined
      ? acceptCoupon(typed, plan)
      : input.trialDays
        ? undefined
        : referralDiscount({ referrer: referrer ? { id: referrer } : undefined, couponRows: referral, buyerId: user.id }, plan);
  const { response } = await startPayment(ctx, {
    ...input,
    coupon,
    payer: user,
    business: input.buyer,
    // The referral is recorded with the payment, as at the public checkout (the statement checks the member exists).
    after: (paymentId) =>
      referrer ? [referralStatement(ctx.db, { referrerId: referrer, friendId: user.id, paymentId, now: ctx.now() })] : [],
  });
  return response;
}
