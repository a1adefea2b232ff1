import type { BatchItem } from 'drizzle-orm/batch';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { hasActivePremium } from '#shared/premium';
import type { AppEnv } from '#worker/context';
import { renewSessionCookie, sessionToken } from '#worker/http/session';
import { userForSession } from './sessions';

/** What a route's own read (`sessionWith`) adds to the context: its rows under `key`; absent without a session. */
export type WithRead<K extends string, R> = AppEnv & { Variables: Partial<Record<K, R>> };

/**
 * Loads the session, with `read` (if any) in the same round trip, and hands `keep` that read's
 * result. A session already loaded on this request is not looked up again.
 */
async function load<A extends BatchItem<'sqlite'>>(
  c: Context<AppEnv>,
  next: Next,
  read?: { query: () => A; keep: (result: A['_']['result']) => void },
) {
  if (c.var.user !== undefined) return next();
  const token = sessionToken(c);
  const found = token ? await userForSession(c.var.deps, { token, alongside: read?.query() }) : null;
  // Premium ends at its end date everywhere, without a job flipping the flag.
  c.set('user', found ? { ...found.user, isPremium: hasActivePremium(found.user, c.var.deps.now()) } : null);
  c.set('sessionTokenHash', found?.tokenHash ?? null);
  if (found && read) read.keep(found.alongside);
  await next();
  if (found?.renewed && token) renewSessionCookie(c, token, found.expiresAt);
}

/**
 * Loads `c.var.user` (one round trip, sliding included). Mounted in app.ts after the routes that
 * sign in or sign up, which need no session and keep their round trips for their own work.
 */
export const loadSession: MiddlewareHandler<AppEnv> = (c, next) => load(c, next);

/**
 * Loads the session and, in the same round trip, the route's own `read`, whose rows become
 * `c.var[key]`, typed by the query. A route declares it itself, before its guard, so an action
 * pays one trip for the session and its target and keeps the second for its work.
 */
export function sessionWith<K extends string, Q extends BatchItem<'sqlite'>>(
  key: K,
  read: (c: Context<AppEnv>) => Q,
): MiddlewareHandler<WithRead<K, Q['_']['result']>> {
  const middleware: MiddlewareHandler<AppEnv & { Variables: Record<string, unknown> }> = (c, next) =>
    load(c, next, { query: () => read(c), keep: (rows) => c.set(key, rows) });
  // Hono's context types cannot follow a generic key: the handler's declared env says what `keep` set.
  return middleware as MiddlewareHandler<WithRead<K, Q['_']['result']>>;
}
