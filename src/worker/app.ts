import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { isBusy } from '#db/errors';
import { MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from '#shared/constants';
import { ERROR_MESSAGES, type ErrorCode } from '#shared/errors';
import type { Deps } from './context';
import { AppError, notFound } from './http/errors';
import { checkOrigin } from './http/origin';
import { logSafe } from './http/log-safe';
import { loadSession } from './http/session';
import { servePage } from './http/pages';
import { securityHeaders } from './http/security-headers';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { eventRoutes } from './features/events/routes';
import { guideRoutes } from './features/guide/index';
import { fileRoutes } from './features/guide/routes';
import { healthRoutes } from './features/health/routes';
import { leadRoutes } from './features/leads/routes';
import { mailWebhookRoutes } from './features/mail-suppression/routes';
import { unsubscribeRoutes } from './features/privacy/routes';
import { activeCampaignRoutes, checkoutStatusRoutes, paymentWebhookRoutes, premiumRoutes } from './features/premium/routes';
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
/** Only the admin's file upload takes a large body. */
const uploadLimit = limit(MAX_UPLOAD_BODY_BYTES);

const api = new Hono<AppEnv>()
  .use((c, next) => (c.req.path === '/api/admin/files' ? uploadLimit : jsonLimit)(c, next))
  .use(checkOrigin)
  .route('/health', healthRoutes)
  // Signing in and signing up need no session, so they come before it: a session lookup is a
  // round trip, and every request keeps to two. Routes after it see `c.var.user`.
  .route('/auth', authRoutes)
  .route('/lead', leadRoutes)
  .route('/payments', paymentWebhookRoutes)
  .route('/webhooks/mail', mailWebhookRoutes)
  // Unsubscribe links work without signing in (RFC 8058 one-click POSTs carry no session).
  .route('/unsubscribe', unsubscribeRoutes)
  .route('/reminders/off', reminderOffRoutes)
  // The active campaign is a public read; it must come before the admin router's guard.
  .route('/admin/campaigns/active', activeCampaignRoutes)
  // The admin loads the session itself: some of its actions read their target in the same round trip.
  .route('/admin', adminRoutes)
  .route('/premium/payments', checkoutStatusRoutes)
  .use(loadSession)
  .route('/event', eventRoutes)
  .route('/premium', premiumRoutes)
  .route('/guide', guideRoutes)
  .route('/account/subscription', subscriptionRoutes)
  .route('/account/receipts', receiptRoutes)
  .route('/files', fileRoutes)
  .route('/account/reminders', reminderRoutes)
  .route('/account', accountRoutes);

export type ApiType = typeof api;

const HTTP_EXCEPTION_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_json',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** Seconds a client is asked to wait after 503 `database_busy`. */
const DATABASE_BUSY_RETRY_AFTER_S = 5;

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
  app.use(securityHeaders());
  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  app.route('/api', api);
  app.all('/api/*', () => {
    throw notFound('Ukjent API-adresse.');
  });

  app.get('*', servePage);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json({ error: { code: err.code, message: err.message } }, err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      const code = HTTP_EXCEPTION_CODES[err.status] ?? 'validation_error';
      const status = err.status >= 500 ? 400 : err.status;
      return c.json({ error: { code, message: ERROR_MESSAGES[code] } }, status);
    }
    if (isBusy(err)) {
      // Another process held the database past the wait (db/busy.ts): nothing was saved, and
      // trying again shortly will work — the answer a client and a load balancer can act on.
      return c.json({ error: { code: 'database_busy', message: ERROR_MESSAGES.database_busy } }, 503, {
        'Retry-After': String(DATABASE_BUSY_RETRY_AFTER_S),
      });
    }
    console.error('Unhandled error', c.req.method, logSafe(c.req.path), err);
    return c.json({ error: { code: 'internal_error', message: ERROR_MESSAGES.internal_error } }, 500);
  });

  return app;
}
