import type { Context } from 'hono';
import type { AppEnv } from '#worker/context';

/** Who sent a request, as far as consent proof and session lists need to know. */
export type RequestClient = { ip: string; userAgent: string };

const MAX_USER_AGENT = 512;

export function requestClient(c: Context<AppEnv>): RequestClient {
  return { ip: c.var.deps.clientIp(c), userAgent: (c.req.header('user-agent') ?? '').slice(0, MAX_USER_AGENT) };
}
