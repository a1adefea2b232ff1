import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '#worker/config';
import type { AppEnv } from '#worker/context';
import { AppError } from '#worker/errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Our own origin is PUBLIC_URL's, and only that: never one built from the request's own Host
 * header, which the sender chooses. In development the site is also opened as localhost or
 * 127.0.0.1 on the port the server listens on (PORT), and no other port: another local
 * program's page is another origin.
 */
function isOwnOrigin(origin: string, config: Config): boolean {
  if (origin === new URL(config.PUBLIC_URL).origin) return true;
  if (config.APP_ENV !== 'development') return false;
  return origin === `http://localhost:${config.PORT}` || origin === `http://127.0.0.1:${config.PORT}`;
}

/** A Bearer token is sent on purpose by an API client; a browser never adds one on its own. */
const hasBearer = (c: Context) => /^bearer\s/i.test(c.req.header('authorization') ?? '');

/**
 * State-changing calls from a browser must show they come from our own pages: by `Origin`, or
 * where a browser leaves that out, by `Sec-Fetch-Site: same-origin`. A write that shows
 * neither yet carries cookies (the session, the lead's) is refused: cookies are sent on their
 * own, and such a POST once logged a user out of every device. Requests without cookies (API
 * clients with a Bearer token, webhooks, curl) carry no ambient authority and pass.
 */
export const checkOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!UNSAFE.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  const fetchSite = c.req.header('sec-fetch-site');
  if (origin) {
    if (!isOwnOrigin(origin, c.var.deps.config)) throw new AppError('forbidden_origin', 403);
  } else if (fetchSite) {
    if (fetchSite !== 'same-origin') throw new AppError('forbidden_origin', 403);
  } else if (c.req.header('cookie') && !hasBearer(c)) {
    throw new AppError('origin_required', 403);
  }
  await next();
};
