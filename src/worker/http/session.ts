import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from '#shared/constants';
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
 * After a request whose session slid: a browser's cookie slides with it, unless the handler set
 * or cleared the cookie itself (login, logout) or the token came in a Bearer header.
 */
export function renewSessionCookie<E extends AppEnv>(c: Context<E>, token: string, expiresAt: Date): void {
  const name = cookieName(c.var.deps.config);
  if (token !== getCookie(c, name)) return;
  const handlerSetCookie = c.res.headers.getSetCookie().some((h) => h.startsWith(`${name}=`));
  if (!handlerSetCookie) setSessionCookie(c, token, expiresAt);
}
