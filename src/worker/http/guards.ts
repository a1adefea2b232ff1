import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { User } from '#db/schema';
import { mayUse } from '#shared/permissions';
import type { AppEnv } from '#worker/context';
import { forbidden, unauthenticated } from '#worker/errors';

type SignedIn = AppEnv & { Variables: { user: User } };

/** Routes behind this see a signed-in user (401 otherwise). */
export const requireUser = createMiddleware<SignedIn>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  await next();
});

/**
 * The route that will answer, as `METHOD /path` (the first route registered for this method and
 * path, as Hono dispatches); null for a path no route matches. Middleware (`use`, ALL) and
 * catch-alls are no routes of their own.
 */
function answeringRoute(c: Context): string | null {
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL' && !r.path.includes('*'));
  return route ? `${route.method} ${route.path}` : null;
}

/**
 * Routes behind this see a member of staff whose role may use the route by the permission table
 * (src/shared/permissions.ts): 401 without a session, 403 for a user without a role or a role the
 * route is not for. A path no route matches goes on to its 404 for any member of staff.
 */
export const requireAdmin = createMiddleware<SignedIn>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  const { role } = c.var.user;
  if (!role) throw forbidden();
  const route = answeringRoute(c);
  if (route && !mayUse(role, route)) throw forbidden();
  await next();
});
