import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { SESSION_COOKIE } from '../../shared/constants';
import { userForSession } from '../services/auth';
import type { AppEnv } from '../types';
import { AppError, forbidden, unauthenticated } from './errors';

/** The session token from the cookie (the islands) or a Bearer header (API clients). */
export function sessionToken(c: Context): string | null {
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) return auth.slice(7).trim() || null;
  return getCookie(c, SESSION_COOKIE) ?? null;
}

export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = sessionToken(c);
  const { db, now } = c.var.deps;
  const found = token ? await userForSession({ db, now }, token) : null;
  c.set('user', found?.user ?? null);
  c.set('sessionTokenHash', found?.tokenHash ?? null);
  await next();
};

export const requireUser = createMiddleware<AppEnv & { Variables: { user: NonNullable<AppEnv['Variables']['user']> } }>(
  async (c, next) => {
    if (!c.var.user) throw unauthenticated();
    await next();
  },
);

export const requireAdmin = createMiddleware<AppEnv & { Variables: { user: NonNullable<AppEnv['Variables']['user']> } }>(
  async (c, next) => {
    if (!c.var.user) throw unauthenticated();
    if (!c.var.user.isAdmin) throw forbidden();
    await next();
  },
);

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
