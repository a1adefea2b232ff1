import { Hono } from 'hono';
import {
  insightsCohortsQuerySchema,
  insightsFunnelQuerySchema,
  insightsSubscriptionsQuerySchema,
} from '#shared/schemas/admin/insights';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { queryParams } from '#worker/http/validate';
import { cohorts } from './cohorts';
import { funnel } from './funnel';
import { subscriptionMonths } from './subscriptions';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/insights: Innsikt's charts, one call each. */
export const insightRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/funnel', queryParams(insightsFunnelQuerySchema), async (c) => c.json(await funnel(c.var.deps, c.req.valid('query'))))
  .get('/subscriptions', queryParams(insightsSubscriptionsQuerySchema), async (c) =>
    c.json(await subscriptionMonths(c.var.deps, c.req.valid('query'))),
  )
  .get('/cohorts', queryParams(insightsCohortsQuerySchema), async (c) => c.json(await cohorts(c.var.deps, c.req.valid('query'))));
