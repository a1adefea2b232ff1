import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { upgradeRequestSchema, upsellEventSchema } from '#shared/schemas/premium';
import { checkoutRequestSchema, couponPreviewSchema } from '#shared/schemas/premium/checkout';
import type { AppEnv } from '#worker/context';
import { loadSession, sessionWith } from '#worker/features/auth/index';
import { networkOf } from '#worker/http/client-ip';
import { requireUser } from '#worker/http/guards';
import { RATE_RULES } from '#worker/http/rate-limit';
import { requestClient } from '#worker/http/request-client';
import { sessionToken, setSessionCookie } from '#worker/http/session';
import { unauthenticated } from '#worker/errors';
import { jsonBody } from '#worker/http/validate';
import { checkoutOptions, previewCoupon, publicCheckout } from './checkout';
import { checkoutRead, checkoutStatus } from './checkout-status';
import { premiumOffer } from './offer';
import { upgradeCouponsRead } from './referral-link';
import { startUpgrade } from './upgrade';
import { guideUpsell, recordUpsellEvent } from './upsell';
import { handlePaymentWebhook } from './webhook';
import { jsonLimit } from '#worker/http/body-limit';

/**
 * /api/premium/payments/{id}: the buyer's checkout, as they come back from the provider, signed in
 * or not (a checkout from the pricing page). It loads the session itself, with the payment in the
 * same round trip.
 */
const checkoutStatusRoutes = new Hono<AppEnv>().get('/:id', sessionWith('payment', checkoutRead), async (c) =>
  // Without a session the loader read nothing: the payment is read alone.
  c.json(await checkoutStatus(c.var.deps, { user: c.var.user ?? null, rows: c.var.payment ?? (await checkoutRead(c)) })),
);

/** The upgrade's coupon code and «Verv en venn» link, read in the session's round trip; jsonBody has already checked the body. */
const upgradeCouponRead = (c: Context<AppEnv>) => {
  // The validated body is typed on the route's context only; this read runs in that route's chain.
  const { code, plan, referrer } = c.req.valid('json' as never) as z.output<typeof upgradeRequestSchema>;
  return upgradeCouponsRead(c.var.deps.db, { code, referrerId: referrer, plan, now: c.var.deps.now() });
};

/**
 * POST /api/premium/upgrade: with its own session loader, so a coupon code and a member's link
 * ride in the session's round trip (the recording batch is the second).
 */
const upgradeRoutes = new Hono<AppEnv>().post(
  '/',
  jsonLimit,
  // No session cookie at all: 401 before the body is read, as behind the session loader.
  createMiddleware(async (c, next) => {
    if (!sessionToken(c)) throw unauthenticated();
    await next();
  }),
  jsonBody(upgradeRequestSchema),
  sessionWith('coupon', upgradeCouponRead),
  requireUser,
  async (c) =>
    c.json(await startUpgrade(c.var.deps, { user: c.var.user, ...c.req.valid('json'), couponRows: c.var.coupon ?? [] })),
);

/**
 * /api/premium: the signed-in user's offer, the upgrade, and the campaign the guide shows a free
 * user. The checkout's status and the upgrade are routed first: each loads the session itself with
 * what it reads (the payment, the code), where the session loader below would have read the
 * session alone (a third round trip).
 */
export const premiumRoutes = new Hono<AppEnv>()
  .route('/payments', checkoutStatusRoutes)
  .route('/upgrade', upgradeRoutes)
  .use(jsonLimit, loadSession)
  .get('/offer', requireUser, async (c) => c.json(await premiumOffer(c.var.deps, { user: c.var.user })))
  .get('/upsell', requireUser, async (c) =>
    c.json(await guideUpsell(c.var.deps, { user: c.var.user, sessionTokenHash: c.var.sessionTokenHash })),
  )
  .post('/upsell/events', requireUser, jsonBody(upsellEventSchema), async (c) =>
    c.json(await recordUpsellEvent(c.var.deps, { user: c.var.user, event: c.req.valid('json') })),
  );

/** /api/payments/{provider}/webhook: one per provider; the signature is checked against the raw body. */
export const paymentWebhookRoutes = new Hono<AppEnv>().use(jsonLimit).post('/:provider/webhook', async (c) => {
  await handlePaymentWebhook(c.var.deps, {
    provider: c.req.param('provider'),
    body: await c.req.text(),
    headers: c.req.raw.headers,
    url: c.req.url,
  });
  return c.json({ received: true });
});

/**
 * /api/checkout: Premium from the pricing page, before any account (checkout.ts). Mounted before
 * the session loader: the buyer needs none. A new address's buyer gets a provisional session's
 * cookie, as a sign-in sets one.
 */
export const checkoutRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .get('/', async (c) => c.json(await checkoutOptions(c.var.deps)))
  .post('/', jsonBody(checkoutRequestSchema), async (c) => {
    const { deps } = c.var;
    const ip = deps.clientIp(c);
    await deps.rateLimit(`checkout:ip:${ip}`, RATE_RULES.checkoutPerIp);
    await deps.rateLimit(`checkout:net:${networkOf(ip)}`, RATE_RULES.checkoutPerNetwork);
    const { response, session } = await publicCheckout(deps, { ...c.req.valid('json'), client: requestClient(c) });
    if (session) setSessionCookie(c, session.token, session.expiresAt);
    return c.json(response);
  })
  .post('/coupon', jsonBody(couponPreviewSchema), async (c) => {
    const { deps } = c.var;
    // Codes are not to be guessed by trying many.
    await deps.rateLimit(`coupon:ip:${deps.clientIp(c)}`, RATE_RULES.couponPerIp);
    return c.json(await previewCoupon(deps, c.req.valid('json')));
  });
