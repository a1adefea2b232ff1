import { Hono } from 'hono';
import { eventRequestSchema } from '../../shared/schemas/lead';
import { RATE_RULES } from '../lib/rate-limit';
import { jsonBody } from '../lib/validate';
import { recordEvent } from '../services/leads';
import type { AppEnv } from '../types';

export const eventRoutes = new Hono<AppEnv>().post('/', jsonBody(eventRequestSchema), async (c) => {
  const { db, rateLimit, clientIp } = c.var.deps;
  await rateLimit(`event:ip:${clientIp(c)}`, RATE_RULES.eventPerIp);
  await recordEvent(db, c.req.valid('json'), c.var.user?.id ?? null);
  return c.json({ ok: true }, 201);
});
