import { Hono } from 'hono';
import type { Payment } from '#db/schema';
import { upgradeRequestSchema, upsellEventSchema } from '#shared/schemas/premium';
import type { AppEnv } from '#worker/context';
import { requireUser } from '#worker/http/guards';
import { sessionLoader } from '#worker/http/session';
import { jsonBody } from '#worker/http/validate';
import { activeCampaign } from './campaign-offer';
import { checkoutRead, checkoutStatus } from './checkout-status';
import { premiumOffer } from './offer';
import { startUpgrade } from './upgrade';
import { guideUpsell, recordUpsellEvent } from './upsell';
import { handlePaymentWebhook } from './webhook';

/** /api/premium: the signed-in user's offer, the upgrade, and the campaign the guide shows a free user. */
export const premiumRoutes = new Hono<AppEnv>()
  .get('/offer', requireUser, async (c) => c.json(await premiumOffer(c.var.deps, { user: c.var.user })))
  .post('/upgrade', requireUser, jsonBody(upgradeRequestSchema), async (c) =>
    c.json(await startUpgrade(c.var.deps, { user: c.var.user, ...c.req.valid('json') })),
  )
  .get('/upsell', requireUser, async (c) =>
    c.json(await guideUpsell(c.var.deps, { user: c.var.user, sessionTokenHash: c.var.sessionTokenHash })),
  )
  .post('/upsell/events', requireUser, jsonBody(upsellEventSchema), async (c) =>
    c.json(await recordUpsellEvent(c.var.deps, { user: c.var.user, event: c.req.valid('json') })),
  );

/**
 * /api/premium/payments/{id}: the buyer's checkout, as they come back from the provider. Mounted
 * before the app's session loader, so the payment rides in the session's round trip.
 */
export const checkoutStatusRoutes = new Hono<AppEnv>().get('/:id', sessionLoader(checkoutRead), requireUser, async (c) =>
  c.json(await checkoutStatus(c.var.deps, { user: c.var.user, rows: c.var.alongside as Payment[] })),
);

/** /api/admin/campaigns/active: the one active campaign, readable by anyone (the premium screen shows it). */
export const activeCampaignRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await activeCampaign(c.var.deps)));

/** /api/payments/{provider}/webhook: one per provider; the signature is checked against the raw body. */
export const paymentWebhookRoutes = new Hono<AppEnv>().post('/:provider/webhook', async (c) => {
  await handlePaymentWebhook(c.var.deps, {
    provider: c.req.param('provider'),
    body: await c.req.text(),
    headers: c.req.raw.headers,
    url: c.req.url,
  });
  return c.json({ received: true });
});
