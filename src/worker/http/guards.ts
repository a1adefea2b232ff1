import type { User } from '#db/schema';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#worker/context';
import { forbidden, unauthenticated } from '#worker/errors';

type SignedIn = AppEnv & { Variables: { user: User } };

/** Routes behind this see a signed-in user (401 otherwise). */
export const requireUser = createMiddleware<SignedIn>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  await next();
});

/** Routes behind this see a signed-in administrator (401 without a session, 403 for anyone else). */
export const requireAdmin = createMiddleware<SignedIn>(async (c, next) => {
  if (!c.var.user) throw unauthenticated();
  if (!c.var.user.isAdmin) throw forbidden();
  await next();
});
