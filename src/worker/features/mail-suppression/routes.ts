import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { AppError } from '#worker/errors';
import { requestClient } from '#worker/http/request-client';
import { handleMailWebhook } from './webhook';
import { jsonLimit } from '#worker/http/body-limit';

/**
 * /api/webhooks/mail: the HTTP mail provider's bounce and complaint events (Resend/Svix). No
 * session and no Origin: the signature over the raw body is the authentication. Unset
 * MAIL_WEBHOOK_SECRET: 404, as if the route were not there.
 */
export const mailWebhookRoutes = new Hono<AppEnv>().use(jsonLimit).post('/', async (c) => {
  const secret = c.var.deps.config.MAIL_WEBHOOK_SECRET;
  if (!secret) throw new AppError('webhook_not_configured', 404);
  const result = await handleMailWebhook(c.var.deps, {
    secret,
    headers: {
      id: c.req.header('svix-id'),
      timestamp: c.req.header('svix-timestamp'),
      signature: c.req.header('svix-signature'),
    },
    body: await c.req.text(),
    client: requestClient(c),
  });
  return c.json({ received: true, duplicate: !result.handled });
});
