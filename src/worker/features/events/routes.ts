import { Hono } from 'hono';
import { eventRequestSchema } from '#shared/schemas/events';
import { RATE_RULES } from '#worker/http/rate-limit';
import { jsonBody } from '#worker/http/validate';
import { recordEvent } from './events';
import type { AppEnv } from '#worker/context';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

export const eventRoutes = new Hono<AppEnv>().use(jsonLimit, loadSession).post('/', jsonBody(eventRequestSchema), async (c) => {
  const { db, rateLimit, clientIp } = c.var.deps;
  await rateLimit(`event:ip:${clientIp(c)}`, RATE_RULES.eventPerIp);
  const event = c.req.valid('json');
  // A page view is counted, never tied to anyone: Innsikt needs how many, not who.
  await recordEvent({ db }, { ...event, userId: event.eventName === 'page_view' ? null : (c.var.user?.id ?? null) });
  return c.json({ ok: true }, 201);
});
