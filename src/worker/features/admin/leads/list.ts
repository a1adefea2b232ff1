import { count } from 'drizzle-orm';
import { leads } from '#db/schema';
import type { AdminLeadList, AdminLeadListQuery } from '#shared/schemas/admin/leads';
import type { ServiceCtx } from '#worker/context';
import { leadFilter } from './filter';
import { adminLead, leadRows } from './lead-row';

/** GET /api/admin/leads: a page of leads, newest first, and how many match — one round trip. */
export async function listLeads(ctx: ServiceCtx, input: AdminLeadListQuery): Promise<AdminLeadList> {
  const { db } = ctx;
  const { page, pageSize } = input;
  const where = leadFilter(input);
  const [rows, [total]] = await db.batch([
    leadRows(db)
      .where(where)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { leads: rows.map(adminLead), total: total?.n ?? 0, page, pageSize };
}
