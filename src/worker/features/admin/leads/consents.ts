import { asc, eq, sql } from 'drizzle-orm';
import { consentEvents, leads } from '#db/schema';
import { adminLeads } from '#shared/copy/admin/leads';
import type { LeadConsentHistory } from '#shared/schemas/admin/leads';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { auditExistingStatement } from '#worker/audit';

/**
 * GET /api/admin/leads/:id/consents: every consent event of the lead's address, oldest first,
 * as kept (decision 0007) — and an audit row saying which admin looked, written only if the lead
 * exists. One round trip; an unknown id is a 404.
 */
export async function leadConsentHistory(
  ctx: ServiceCtx,
  { actorId, leadId }: { actorId: string; leadId: string },
): Promise<LeadConsentHistory> {
  const { db } = ctx;
  const [, [lead], events] = await db.batch([
    auditExistingStatement(
      ctx,
      { actorId, action: 'lead.consents', targetType: 'lead', targetId: leadId },
      { table: leads, idColumn: leads.id },
    ),
    db.select({ email: leads.email }).from(leads).where(eq(leads.id, leadId)),
    db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.email, sql`(SELECT ${leads.email} FROM ${leads} WHERE ${leads.id} = ${leadId})`))
      .orderBy(asc(consentEvents.createdAt), asc(sql`${consentEvents}.rowid`)),
  ]);
  if (!lead) throw notFound(adminLeads.notFound);
  return {
    email: lead.email,
    events: events.map((e) => ({
      at: e.createdAt.toISOString(),
      action: e.action,
      textVersion: e.textVersion,
      source: e.source,
      client: e.clientHash,
      confirmsRequest: e.confirms !== null,
    })),
  };
}
