/**
 * Which lead a browser signed up as, in a signed HttpOnly cookie: an analytics event attaches
 * to that lead and to no other. Lead ids never travel in a response body, so nobody can learn
 * another person's id by signing up with their address and then write into their record.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { LEAD_COOKIE, LEAD_COOKIE_DAYS } from '#shared/constants';
import { DAY } from '#shared/time';
import type { AppEnv } from '#worker/context';
import { constantTimeEqual, hmacSha256 } from '#worker/platform/crypto';
import { hostCookieName, secure } from './session';

const mac = (c: Context<AppEnv>, leadId: string) => hmacSha256(c.var.deps.config.AUTH_SECRET, `lead-cookie:${leadId}`);

/** The lead the browser's cookie names, if the cookie is ours (signed with AUTH_SECRET); else null. */
export async function browserLead(c: Context<AppEnv>): Promise<string | null> {
  const value = getCookie(c, hostCookieName(c.var.deps.config, LEAD_COOKIE));
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  const leadId = value.slice(0, dot);
  return constantTimeEqual(value.slice(dot + 1), await mac(c, leadId)) ? leadId : null;
}

/**
 * After a sign-up: the new lead's id for the browser that made it. An address signed up before
 * gets a fresh signed id that names no lead (its events then attach to none), so neither the
 * cookie nor whether it changes tells the sender the address was known.
 */
export async function rememberBrowserLead(c: Context<AppEnv>, newLeadId: string | null): Promise<void> {
  const leadId = newLeadId ?? crypto.randomUUID();
  const { config } = c.var.deps;
  setCookie(c, hostCookieName(config, LEAD_COOKIE), `${leadId}.${await mac(c, leadId)}`, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(config),
    path: '/',
    maxAge: (LEAD_COOKIE_DAYS * DAY) / 1000,
  });
}
