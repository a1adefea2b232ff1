import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { dashboard } from './dashboard';
import { revenue } from './revenue';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/dashboard: the overview cards and recent activity, and the revenue tab. */
export const dashboardRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await dashboard(c.var.deps)))
  .get('/revenue', async (c) => c.json(await revenue(c.var.deps)));
