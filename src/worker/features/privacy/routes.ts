import { Hono, type MiddlewareHandler } from 'hono';
import { unsubscribePage } from '#shared/copy/account';
import { PATHS } from '#shared/paths';
import { unsubscribeQuerySchema } from '#shared/schemas/account';
import type { AppEnv } from '#worker/context';
import { requestClient } from '#worker/http/request-client';
import { queryParams } from '#worker/http/validate';
import { unsubscribe, unsubscribeInfo } from './unsubscribe';
import { jsonLimit } from '#worker/http/body-limit';

/** A browser opening the List-Unsubscribe address itself gets the confirmation page, not JSON. */
const sendBrowsersToPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header('accept')?.includes('text/html')) return next();
  return c.redirect(`${PATHS.unsubscribe}${new URL(c.req.url).search}`, 303);
};

/**
 * /api/unsubscribe?token=…: works without a session. GET reads what the confirmation page shows
 * (a browser opening the List-Unsubscribe address itself is sent to that page); POST unsubscribes
 * — the page's button, or a mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`),
 * which comes without an Origin and whose form body needs nothing read from it.
 */
export const unsubscribeRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .get('/', queryParams(unsubscribeQuerySchema), sendBrowsersToPage, async (c) =>
    c.json(await unsubscribeInfo(c.var.deps, c.req.valid('query'))),
  )
  .post('/', queryParams(unsubscribeQuerySchema), async (c) => {
    const { email } = await unsubscribe(c.var.deps, { ...c.req.valid('query'), client: requestClient(c) });
    return c.json({ email, message: unsubscribePage.unsubscribed });
  });
