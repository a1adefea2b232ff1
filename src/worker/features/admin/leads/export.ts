import { adminAuditLog } from '#db/schema';
import { adminLeads } from '#shared/copy/admin-leads';
import type { AdminLeadFilter } from '#shared/schemas/admin-leads';
import { isoToOsloLocal, osloCalendarDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { CSV_BOM, csvLine } from './csv';
import { leadFilter } from './filter';
import { adminLead, leadRows } from './lead-row';

const t = adminLeads;

/** The most leads one export holds (newest first): bounded, so a Worker's memory and time always suffice. */
export const EXPORT_MAX_ROWS = 100_000;
/** Rows per chunk of the streamed body. */
const CHUNK_ROWS = 1000;

const when = (iso: string | null) => (iso ? isoToOsloLocal(iso).replace('T', ' ') : '');

/**
 * GET /api/admin/leads/export: the filtered leads (at most EXPORT_MAX_ROWS, newest first) as
 * CSV, with an audit row saying which admin took them and with which filters (never the search
 * text, which may be part of an address) — one round trip. Times are Oslo wall-clock time.
 */
export async function exportLeads(
  ctx: ServiceCtx,
  { actorId, filter }: { actorId: string; filter: AdminLeadFilter },
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const { db } = ctx;
  const now = ctx.now();
  const details = {
    consent: filter.consent ?? null,
    source: filter.source ?? null,
    utm: filter.utm || null,
    searched: filter.query !== '',
  };
  const [, rows] = await db.batch([
    db
      .insert(adminAuditLog)
      .values({ actorId, action: 'lead.export', targetType: 'leads', targetId: null, details, createdAt: new Date(now) }),
    leadRows(db).where(leadFilter(filter)).limit(EXPORT_MAX_ROWS),
  ]);
  const leads = rows.map(adminLead);
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(t.csv.header)));
    },
    // Built a chunk at a time as the client reads, not as one string of the whole file.
    pull(controller) {
      const chunk = leads
        .slice(next, next + CHUNK_ROWS)
        .map((lead) =>
          csvLine([
            lead.email,
            t.consentStates[lead.consentMarketing],
            lead.source,
            lead.utm.source ?? '',
            lead.utm.medium ?? '',
            lead.utm.campaign ?? '',
            when(lead.createdAt),
            when(lead.lastActivityAt),
            lead.userId ? t.yes : t.no,
            lead.isPremium ? t.yes : t.no,
          ]),
        );
      next += CHUNK_ROWS;
      if (chunk.length > 0) controller.enqueue(encoder.encode(chunk.join('')));
      if (next >= leads.length) controller.close();
    },
  });
  return { fileName: t.csv.fileName(osloCalendarDay(now)), body };
}
