import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, SESSION_TTL_DAYS } from '#shared/constants';
import { hasActivePremium } from '#shared/premium';
import { userForSession } from '#worker/features/auth/index';
import type { AppEnv } from '#worker/context';

/** The session token from the cookie (the islands) or a Bearer header (API clients). */
export function sessionToken(c: Context): string | null {
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  return getCookie(c, SESSION_COOKIE) ?? null;
}

/** The session cookie: HttpOnly, Lax, Secure whenever the site is served over https; lives as long as the session. */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  const { config } = c.var.deps;
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.APP_ENV === 'production' || config.PUBLIC_URL.startsWith('https:'),
    path: '/',
    maxAge: SESSION_TTL_DAYS * 24 * 60 * 60,
  });
}

export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = sessionToken(c);
  const { db, now } = c.var.deps;
  const found = token ? await userForSession({ db, now }, { token }) : null;
  c.set('user', found ? { ...found.user, isPremium: hasActivePremium(found.user, now()) } : null);
  c.set('sessionTokenHash', found?.tokenHash ?? null);
  await next();
  // The session slid; a browser's cookie must slide with it, unless the handler set or cleared it (login, logout).
  if (found?.renewed && token === getCookie(c, SESSION_COOKIE)) {
    const handlerSetCookie = c.res.headers.getSetCookie().some((h) => h.startsWith(`${SESSION_COOKIE}=`));
    if (!handlerSetCookie) setSessionCookie(c, token);
  }
};
