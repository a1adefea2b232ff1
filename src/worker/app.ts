import { Hono, type Context } from 'hono';
import { unknownApiPath } from '#shared/copy/errors';
import type { Deps } from './context';
import { notFound } from './errors';
import { bodyCeiling } from './http/body-limit';
import { requireAdmin } from './http/guards';
import { errorResponse } from './http/errors';
import { checkOrigin } from './http/origin';
import { loadSession } from './features/auth/index';
import { questionRoutes } from './features/questions/index';
import { servePage } from './http/pages';
import { clickRoutes } from './features/clicks/routes';
import { CLICK_PATH } from '#shared/paths';
import { securityHeaders } from './http/security-headers';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { cancellationReasonRoutes } from './features/cancellation-reasons/routes';
import { authRoutes } from './features/auth/routes';
import { eventRoutes } from './features/events/routes';
import { guideRoutes } from './features/guide/index';
import { certificateRoutes, fileRoutes } from './features/guide/routes';
import { healthRoutes } from './features/health/routes';
import { metricsRoutes } from './ops/metrics-route';
import { observeRequests } from './ops/request-log';
import { leadRoutes } from './features/leads/routes';
import { mailWebhookRoutes } from './features/mail-suppression/routes';
import { unsubscribeRoutes } from './features/privacy/routes';
import { checkoutRoutes, paymentWebhookRoutes, premiumRoutes } from './features/premium/routes';
import { reminderOffRoutes, reminderRoutes } from './features/reminders/routes';
import { receiptRoutes, subscriptionRoutes } from './features/subscriptions/index';
import type { AppEnv } from './context';

/**
 * The JSON API, chained so `hc<ApiType>` gets every route's types. Each sub-app declares at its
 * start what it needs — the session (`loadSession`, read once per request however many sub-apps
 * ask), its guard and its body limit (http/body-limit.ts) — so the order here is no rule:
 * app-order.test.ts mounts them reversed and gets the same answers.
 */
const api = new Hono<AppEnv>()
  .use(bodyCeiling, checkOrigin)
  .route('/health', healthRoutes)
  .route('/auth', authRoutes)
  .route('/lead', leadRoutes)
  .route('/payments', paymentWebhookRoutes)
  .route('/checkout', checkoutRoutes)
  .route('/webhooks/mail', mailWebhookRoutes)
  .route('/unsubscribe', unsubscribeRoutes)
  .route('/reminders/off', reminderOffRoutes)
  .route('/cancellation-reason', cancellationReasonRoutes)
  .route('/certificates', certificateRoutes)
  .route('/admin', adminRoutes)
  .route('/event', eventRoutes)
  .route('/premium', premiumRoutes)
  .route('/guide', guideRoutes)
  .route('/guide', questionRoutes)
  .route('/account/subscription', subscriptionRoutes)
  .route('/account/receipts', receiptRoutes)
  .route('/files', fileRoutes)
  .route('/account/reminders', reminderRoutes)
  .route('/account', accountRoutes);

export type ApiType = typeof api;

/**
 * `deps`: the runtime's dependencies, or a function that makes each request its own (Workers,
 * where nothing that does I/O may be shared between requests, and queued mail is delivered in
 * the request's `waitUntil`; see index.ts).
 */
export function createApp(deps: Deps | ((c: Context) => Deps), routes: Hono<AppEnv> = api) {
  const depsFor = typeof deps === 'function' ? deps : () => deps;
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('deps', depsFor(c));
    await next();
  });
  app.use(observeRequests);
  app.use(securityHeaders());
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.route('/api', routes);
  // An admin path no sub-app has: 401 or 403 as its neighbours answer, 404 only to staff.
  app.all('/api/admin/*', loadSession, requireAdmin, () => {
    throw notFound(unknownApiPath);
  });
  app.all('/api/*', () => {
    throw notFound(unknownApiPath);
  });

  app.route('/metrics', metricsRoutes);
  // A mail's counted links, outside /api: a plain redirect, or the 404 page.
  app.route(CLICK_PATH, clickRoutes);
  app.get('*', servePage);

  app.onError(errorResponse);

  return app;
}
