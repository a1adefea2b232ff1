import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from '#shared/constants';
import { unknownApiPath } from '#shared/copy/errors';
import type { Deps } from './context';
import { AppError, notFound } from './errors';
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
import {
  activeCampaignRoutes,
  checkoutRoutes,
  checkoutStatusRoutes,
  paymentWebhookRoutes,
  premiumRoutes,
  upgradeRoutes,
} from './features/premium/routes';
import { reminderOffRoutes, reminderRoutes } from './features/reminders/routes';
import { receiptRoutes, subscriptionRoutes } from './features/subscriptions/index';
import type { AppEnv } from './context';

/** The JSON API; chained so `hc<ApiType>` gets every route's types. */
const limit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('payload_too_large', 413);
    },
  });
const jsonLimit = limit(MAX_BODY_BYTES);
/** Only the admin's file upload and member import take a large body. */
const UPLOAD_PATHS = new Set(['/api/admin/files', '/api/admin/imports']);
const uploadLimit = limit(MAX_UPLOAD_BODY_BYTES);

const api = new Hono<AppEnv>()
  .use((c, next) => (UPLOAD_PATHS.has(c.req.path) ? uploadLimit : jsonLimit)(c, next))
  .use(checkOrigin)
  .route('/health', healthRoutes)
  // Signing in and signing up need no session, so they come before it: a session lookup is a
  // round trip, and every request keeps to two. Routes after it see `c.var.user`.
  .route('/auth', authRoutes)
  .route('/lead', leadRoutes)
  .route('/payments', paymentWebhookRoutes)
  // Buying from the pricing page needs no account (a new one is made by the checkout).
  .route('/checkout', checkoutRoutes)
  .route('/webhooks/mail', mailWebhookRoutes)
  // Unsubscribe links work without signing in (RFC 8058 one-click POSTs carry no session).
  .route('/unsubscribe', unsubscribeRoutes)
  .route('/reminders/off', reminderOffRoutes)
  // The cancellation mail's reason links work without signing in, like the unsubscribe links.
  .route('/cancellation-reason', cancellationReasonRoutes)
  // Anyone may check a certificate its learner made public.
  .route('/certificates', certificateRoutes)
  // The active campaign is a public read; it must come before the admin router's guard.
  .route('/admin/campaigns/active', activeCampaignRoutes)
  // The admin loads the session itself: some of its actions read their target in the same round trip.
  .route('/admin', adminRoutes)
  .route('/premium/payments', checkoutStatusRoutes)
  .route('/premium/upgrade', upgradeRoutes)
  .use(loadSession)
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
export function createApp(deps: Deps | ((c: Context) => Deps)) {
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

  app.route('/api', api);
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
