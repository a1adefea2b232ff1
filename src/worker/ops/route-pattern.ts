import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * The pattern of the route that answered (`/api/admin/users/:id`), for logs and metric labels:
 * never the path itself, which carries ids and tokens and would make a label per user. When a
 * middleware answered (a guard's 401), it is the handler the request was going to; a path
 * nothing serves is the catch-all's pattern (`/api/*`, `*`).
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  // A handler takes the context only; middleware takes `next` as well.
  for (let i = c.req.routeIndex; i < routes.length; i++) {
    if (routes[i]!.handler.length < 2) return routes[i]!.path;
  }
  return routes[c.req.routeIndex]?.path ?? '*';
}
