import { eq, sql } from 'drizzle-orm';
import { users } from '#db/schema';
import { PATHS } from '#shared/paths';
import { hasActivePremium } from '#shared/premium';
import type { Buyer } from '#shared/schemas/buyer';
import type { CheckoutRequest, CheckoutResponse, CouponPreview } from '#shared/schemas/premium/checkout';
import { PRICES_NOK, type Plan } from '#shared/constants';
import { checkoutPage } from '#shared/copy/pricing';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { PROVISIONAL_SESSION_MS, provisionalSessionStatement, sendMagicLink } from '#worker/features/auth/index';
import { randomToken, sha256 } from '#worker/platform/crypto';
import type { RequestClient } from '#worker/http/request-client';
import { acceptCoupon, couponRead } from './coupon-check';
import { firstPeriodPrice } from './first-period-price';
import { welcomeOfferFor, welcomeOfferSettings } from './offer';
import { startPayment } from './payment';
import { refuseTrialWithOffer, trialRead } from './trial';
import { referralDiscount, referralOffer, referralOfferReads, referralReads, referralStatement } from './referral-link';
import { trialOffer } from '#shared/trial';
import { memberCreatedStatement } from '#worker/features/webhooks/index';

type Input = Required<Pick<CheckoutRequest, 'email' | 'plan' | 'withdrawalConsent'>> &
  Pick<CheckoutRequest, 'provider' | 'campaignId' | 'price' | 'code' | 'trialDays' | 'referrer'> & { buyer?: Buyer };

/**
 * GET /api/checkout: what the pricing page's checkout offers, the welcome offer a new member
 * gets (an account made now is as young as one can be) and the price of each plan through a
 * member's «Verv en venn» link, so the page shows the price it charges. One round trip.
 */
export async function checkoutOptions(ctx: ServiceCtx<'payments'>) {
  const now = ctx.now();
  const [[settings], [trialNow], ...referral] = await ctx.db.batch([
    welcomeOfferSettings(ctx.db),
    trialRead(ctx.db, null),
    ...referralOfferReads(ctx.db, now),
  ]);
  const welcome = welcomeOfferFor(settings, { createdAt: new Date(now) }, now);
  return {
    providers: ctx.payments.all.map((p) => p.name),
    testMode: ctx.payments.default?.name === 'test',
    newMemberOffer: welcome && { plan: welcome.plan, amount: welcome.amount },
    // For a new member; an address that had Premium is told at purchase (409 trial_unavailable), nothing charged.
    trial: trialOffer(trialNow?.days ?? 0, now),
    referralOffer: referralOffer(referral),
  };
}

/**
 * POST /api/checkout/coupon: the checkout's apply step. The code's own rules only (the buyer may
 * not be known yet); the purchase checks the buyer's (one use each, new members only) again.
 */
export async function previewCoupon(ctx: ServiceCtx, input: { code: string; plan: Plan }): Promise<{ coupon: CouponPreview }> {
  const rows = await couponRead(ctx.db, { ...input, userId: null, now: ctx.now() });
  const coupon = acceptCoupon(rows, input.plan);
  const listPrice = PRICES_NOK[input.plan];
  return {
    coupon: {
      code: coupon.code,
      plan: input.plan,
      listPrice,
      price: coupon.price,
      saving: listPrice - coupon.price,
      periods: coupon.periods,
      renewalPrice: listPrice,
      newMembersOnly: rows[0]!.coupon.newMembersOnly,
    },
  };
}

/**
 * POST /api/checkout: Premium bought from the pricing page before signing in, in two round trips.
 * The first makes sure the address has an account (a new one is created, its address not yet
 * proven) and reads it with the first period's price (`firstPeriodPrice`, the server's; the client
 * sends none). The payment then starts and is recorded as the signed-in upgrade's is
 * (`startPayment`), in one batch with a sign-in link to the address: its owner signs in with it.
 * Nobody is signed in to an account whose address they have not proven, with one exception kept
 * small (docs/decisions/0039): an account no one has ever signed in to gets a provisional session
 * for the buyer, which lasts at most a day and ends when the owner first signs in.
 */
export async function publicCheckout(
  ctx: ServiceCtx<'payments' | 'config' | 'mailQueued'>,
  input: Input & { client: RequestClient },
): Promise<{ response: CheckoutResponse; session: { token: string; expiresAt: Date } | null }> {
  const { db } = ctx;
  const { email, plan } = input;
  if (input.provider && !ctx.payments.byName(input.provider)) throw new AppError('provider_unavailable', 400);
  if (input.withdrawalConsent !== true) throw new AppError('consent_required', 400);
  refuseTrialWithOffer(input);
  const now = ctx.now();

  const newId = crypto.randomUUID();
  const userId = sql`(SELECT ${users.id} FROM ${users} WHERE ${users.email} = ${email})`;
  const [, , [account], [price], couponRows, [referrer], referralCouponRows] = await db.batch([
    // The account the payment belongs to; createdAt on the app's clock, as a sign-in's.
    db
      .insert(users)
      .values({ id: newId, email, createdAt: new Date(now) })
      .onConflictDoNothing({ target: users.email }),
    memberCreatedStatement(db, { userId: newId, email, firstName: null, now }),
    db.select().from(users).where(eq(users.email, email)),
    db.all<{ charged: number }>(
      sql`SELECT ${firstPeriodPrice({
        plan,
        campaignId: input.campaignId ?? null,
        userId,
        now,
      })} AS charged`,
    ),
    // A code is checked with the rest, for this address: no round trip of its own.
    couponRead(db, { code: input.code ?? '', plan, userId, now }),
    // A member's «Verv en venn» link: the member and the referral discount, in the same batch.
    ...referralReads(db, { referrerId: input.referrer, plan, userId, now }),
  ]);
  if (!account || !price) throw new AppError('internal_error', 500);
  if (!account.isActive) throw new AppError('account_disabled', 403);
  if (hasActivePremium(account, now)) throw new AppError('already_premium', 409);
  // A typed code wins over the link's discount (discounts never stack) and a trial takes neither
  // (0060); the referral is recorded either way.
  const coupon =
    input.code !== undefined
      ? acceptCoupon(couponRows, plan)
      : input.trialDays
        ? undefined
        : referralDiscount({ referrer, couponRows: referralCouponRows, buyerId: account.id }, plan);
  // A trial's first charge is the list price (0060); a code's price is its own; else the first period's offer.
  const charged = input.trialDays ? PRICES_NOK[plan] : (coupon?.price ?? price.charged);
  // The page showed a price (the list price, the welcome offer for new members, or a code's): charge nothing else.
  if (input.price !== undefined && input.price !== charged)
    throw new AppError('price_mismatch', 409, checkoutPage.priceForYou(charged));

  // Never signed in to: nobody has proven the address, so the buyer may hold it for a day.
  const provisional = account.lastLogin === null;
  const token = provisional ? randomToken() : null;
  const tokenHash = token ? await sha256(token) : null;
  const { response } = await startPayment(ctx, {
    payer: account,
    plan,
    price: charged,
    campaignId: input.campaignId,
    coupon,
    trialDays: input.trialDays,
    business: input.buyer,
    withdrawalConsent: true,
    provider: input.provider,
    cancelPath: PATHS.pricing,
    after: (paymentId) => [
      ...(tokenHash
        ? [
            provisionalSessionStatement(ctx, {
              tokenHash,
              userId: account.id,
              userAgent: input.client.userAgent,
              now,
              when: sql`EXISTS (SELECT 1 FROM payments WHERE id = ${paymentId})`,
            }),
          ]
        : []),
      ...(referrer ? [referralStatement(db, { referrerId: referrer.id, friendId: account.id, paymentId, now })] : []),
    ],
    // The link rides in the recording batch; past the address's mail allowance its earlier links still work.
    run: async (items) =>
      (await sendMagicLink<typeof items>(ctx, { email, redirect: PATHS.guide, whenFull: 'skip', alsoRun: items })).alsoRan,
  });
  const session = token ? { token, expiresAt: new Date(now + PROVISIONAL_SESSION_MS) } : null;
  const signedIn = session !== null;
  return {
    response: response.status === 'paid' ? { status: 'paid', signedIn } : { status: 'redirect', url: response.url, signedIn },
    session,
  };
}
