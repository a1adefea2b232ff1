import type { MiddlewareHandler } from 'hono';
import type { Config } from '#worker/config';
import type { AppEnv } from '#worker/context';
import { AppError } from './errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOCAL_DEV_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/**
 * Our own origin is PUBLIC_URL's, and only that: never one built from the request's own Host
 * header, which the sender chooses. In development the site is also opened on localhost or
 * 127.0.0.1 under whatever port the dev server took.
 */
function isOwnOrigin(origin: string, config: Config): boolean {
  if (origin === new URL(config.PUBLIC_URL).origin) return true;
  return config.APP_ENV === 'development' && LOCAL_DEV_ORIGIN.test(origin);
}

/**
 * State-changing calls from a browser must come from our own origin. Requests without an
 * Origin header (API clients with a Bearer token, curl) carry no ambient cookie risk.
 */
export const checkOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('origin');
  if (origin && UNSAFE.has(c.req.method) && !isOwnOrigin(origin, c.var.deps.config)) {
    throw new AppError('forbidden_origin', 403);
  }
  await next();
};
