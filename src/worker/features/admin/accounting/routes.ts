import { Hono } from 'hono';
import { accountingExportQuerySchema } from '#shared/schemas/admin/accounting';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { queryParams } from '#worker/http/validate';
import { exportAccounting } from './export';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/** /api/admin/accounting: the accountant's export of receipts and credit notes. */
export const accountingRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/export', queryParams(accountingExportQuerySchema), async (c) => {
    const { fileName, body } = await exportAccounting(c.var.deps, { actorId: c.var.user.id, query: c.req.valid('query') });
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      // Sales records: never kept by a browser or proxy cache.
      'cache-control': 'no-store',
    });
  });
