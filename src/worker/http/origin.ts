import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#worker/context';
import { AppError } from './errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * State-changing calls from a browser must come from our own origin. Requests without an
 * Origin header (API clients with a Bearer token, curl) carry no ambient cookie risk.
 */
export const checkOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('origin');
  if (origin && UNSAFE.has(c.req.method)) {
    const allowed = [new URL(c.req.url).origin, new URL(c.var.deps.config.PUBLIC_URL).origin];
    if (!allowed.includes(origin)) throw new AppError('forbidden_origin', 403);
  }
  await next();
};
