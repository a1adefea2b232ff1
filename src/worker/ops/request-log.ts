import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '#worker/context';
import { requestIdFor } from './request-id';
import { routePattern } from './route-pattern';

/**
 * Every request the app answers: a request id (in `X-Request-Id` and in every error answer,
 * see http/errors.ts), then one log line and its counters once the answer is made. Files the
 * Node server answers from memory, and Workers' static assets, never reach the app and are not
 * counted (a CDN's log has them).
 */
export const observeRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  const requestId = requestIdFor(c.req.raw.headers);
  c.set('requestId', requestId);
  await next();
  c.res.headers.set('X-Request-Id', requestId);
  c.var.deps.telemetry.request({
    requestId,
    method: c.req.method,
    route: routePattern(c),
    status: c.res.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    ...(c.var.user?.id && { userId: c.var.user.id }),
  });
};
