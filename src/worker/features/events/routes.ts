import { Hono } from 'hono';
import { eventRequestSchema } from '#shared/schemas/leads';
import { RATE_RULES } from '#worker/http/rate-limit';
import { jsonBody } from '#worker/http/validate';
import { recordEvent } from '#worker/features/leads/leads';
import type { AppEnv } from '#worker/context';

export const eventRoutes = new Hono<AppEnv>().post('/', jsonBody(eventRequestSchema), async (c) => {
  const { db, rateLimit, clientIp } = c.var.deps;
  await rateLimit(`event:ip:${clientIp(c)}`, RATE_RULES.eventPerIp);
  await recordEvent(db, c.req.valid('json'), c.var.user?.id ?? null);
  return c.json({ ok: true }, 201);
});
