import type { BatchItem } from 'drizzle-orm/batch';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#shared/constants';
import { hasActivePremium } from '#shared/premium';
import { userForSession } from '#worker/features/auth/index';
import type { Config } from '#worker/config';
import type { AppEnv } from '#worker/context';

/** Secure whenever the site is served over https. */
const secure = (config: Config) => config.APP_ENV === 'production' || config.PUBLIC_URL.startsWith('https:');

/** A Secure cookie is `__Host-` prefixed: the browser then refuses it from any other (sub)domain or path. */
const cookieName = (config: Config) => (secure(config) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/** The session token from the cookie (the islands) or a Bearer header (API clients). */
export function sessionToken<E extends AppEnv>(c: Context<E>): string | null {
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  return getCookie(c, cookieName(c.var.deps.config)) ?? null;
}

/** The session cookie: HttpOnly, Lax, Secure (and `__Host-`) over https; lives exactly as long as the session. */
export function setSessionCookie<E extends AppEnv>(c: Context<E>, token: string, expiresAt: Date): void {
  const { config, now } = c.var.deps;
  setCookie(c, cookieName(config), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(config),
    path: '/',
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - now()) / 1000)),
  });
}

export function clearSessionCookie<E extends AppEnv>(c: Context<E>): void {
  const { config } = c.var.deps;
  deleteCookie(c, cookieName(config), { path: '/', secure: secure(config) });
}

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
    // The session slid; a browser's cookie must slide with it, unless the handler set or cleared it (login, logout).
    const name = cookieName(c.var.deps.config);
    if (found?.renewed && token === getCookie(c, name)) {
      const handlerSetCookie = c.res.headers.getSetCookie().some((h) => h.startsWith(`${name}=`));
      if (!handlerSetCookie) setSessionCookie(c, token, found.expiresAt);
    }
  };
}

export const loadSession = sessionLoader();
