import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '#worker/context';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  await c.var.deps.db.run(sql`select 1`);
  return c.json({ ok: true, time: new Date(c.var.deps.now()).toISOString() });
});
