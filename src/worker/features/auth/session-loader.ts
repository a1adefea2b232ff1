import type { BatchItem } from 'drizzle-orm/batch';
import type { Context, MiddlewareHandler } from 'hono';
import { hasActivePremium } from '#shared/premium';
import type { AppEnv } from '#worker/context';
import { renewSessionCookie, sessionToken } from '#worker/http/session';
import { userForSession } from './sessions';

/**
 * Loads `c.var.user` (one round trip, sliding included). Mounted in app.ts after the routes that
 * sign in or sign up, which need no session and keep their round trips for their own work.
 * `alongside` builds one more read for that round trip; its result is `c.var.alongside`. A
 * session already loaded (by a loader with a read of its own) is not looked up again.
 */
export function sessionLoader(alongside?: (c: Context<AppEnv>) => BatchItem<'sqlite'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.var.user !== undefined) return next();
    const token = sessionToken(c);
    const found = token ? await userForSession(c.var.deps, { token, alongside: alongside?.(c) }) : null;
    // Premium ends at its end date everywhere, without a job flipping the flag.
    c.set('user', found ? { ...found.user, isPremium: hasActivePremium(found.user, c.var.deps.now()) } : null);
    c.set('sessionTokenHash', found?.tokenHash ?? null);
    c.set('alongside', found?.alongside);
    await next();
    if (found?.renewed && token) renewSessionCookie(c, token, found.expiresAt);
  };
}

export const loadSession = sessionLoader();
