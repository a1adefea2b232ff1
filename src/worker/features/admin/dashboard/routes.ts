import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { dashboard } from './dashboard';
import { revenue } from './revenue';

/** /api/admin/dashboard: the overview cards and recent activity, and the revenue tab. */
export const dashboardRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', async (c) => c.json(await dashboard(c.var.deps)))
  .get('/revenue', async (c) => c.json(await revenue(c.var.deps)));
