import { Hono } from 'hono';
import { adminLeadExportQuerySchema, adminLeadListQuerySchema } from '#shared/schemas/admin/leads';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { queryParams } from '#worker/http/validate';
import { leadConsentHistory } from './consents';
import { exportLeads } from './export';
import { listLeads } from './list';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/leads: the lead list, its CSV export and each lead's consent history. */
export const leadAdminRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', queryParams(adminLeadListQuerySchema), async (c) => c.json(await listLeads(c.var.deps, c.req.valid('query'))))
  .get('/export', queryParams(adminLeadExportQuerySchema), async (c) => {
    const { fileName, body } = await exportLeads(c.var.deps, { actorId: c.var.user.id, query: c.req.valid('query') });
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      // Personal data: never kept by a browser or proxy cache.
      'cache-control': 'no-store',
    });
  })
  .get('/:id/consents', async (c) =>
    c.json(await leadConsentHistory(c.var.deps, { actorId: c.var.user.id, leadId: c.req.param('id') })),
  );
