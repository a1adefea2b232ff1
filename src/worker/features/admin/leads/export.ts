import { desc, eq, sql } from 'drizzle-orm';
import { adminAuditLog, leads, users } from '#db/schema';
import { adminLeads } from '#shared/copy/admin/leads';
import { LEAD_EXPORT_PART_ROWS, type AdminLeadExportQuery, type LeadConsentState } from '#shared/schemas/admin/leads';
import { HOUR, isoToOsloLocal, osloCalendarDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { CSV_DIALECTS, csvLine } from '#shared/csv';
import { leadFilter } from './filter';

const t = adminLeads;

/** Lines per chunk of the streamed body: ~5 ms of work here, then the event loop is free for others. */
const CHUNK_LINES = 1000;

/**
 * A turn of the event loop (a macrotask, not a microtask): a reader that takes every chunk at
 * once would otherwise run all of them back to back, and other visitors' requests would wait
 * for the whole export (docs/decisions/0045-speed.md).
 */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/*
 * The database joins each lead's fields with U+001F into one text, so a lead crosses the driver
 * as one cell rather than ten (the driver's cost is per cell: ~2 s for a million). No field can
 * hold that character: every text field refuses control characters.
 */
const FIELD = '\u001f';

/** A lead's fields, in the header's order (NULL fields empty; booleans 0/1). */
const leadRecord = sql.join(
  [
    leads.email,
    sql`ifnull(${leads.consentDecision}, 'never')`,
    leads.source,
    sql`ifnull(${leads.utmSource}, '')`,
    sql`ifnull(${leads.utmMedium}, '')`,
    sql`ifnull(${leads.utmCampaign}, '')`,
    leads.createdAt,
    sql`ifnull(${users.lastActiveAt}, '')`,
    sql`(${users.id} IS NOT NULL)`,
    sql`ifnull(${users.isPremium}, 0)`,
  ],
  sql` || char(31) || `,
);

/**
 * 'YYYY-MM-DD HH:mm' in Oslo from epoch milliseconds ('' for none). The zone's offset is looked
 * up once per hour of time (offsets change only on the hour): through Intl it costs ~14 µs a call.
 */
function osloClock() {
  const offsets = new Map<number, number>();
  return (text: string) => {
    if (!text) return '';
    const ms = Number(text);
    const hour = Math.floor(ms / HOUR) * HOUR;
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = Date.parse(`${isoToOsloLocal(new Date(hour).toISOString())}Z`) - hour;
      offsets.set(hour, offset);
    }
    return new Date(ms + offset).toISOString().slice(0, 16).replace('T', ' ');
  };
}

/**
 * GET /api/admin/leads/export: one part (LEAD_EXPORT_PART_ROWS leads, newest first) of the
 * filtered leads as CSV, with an audit row saying which admin took it and with which filters
 * (never the search text, which may be part of an address) — one round trip. The body streams
 * a thousand lines at a time as the client reads, yielding the event loop between them, with Oslo
 * wall-clock times and words for codes (the form's name, the consent state), in the dialect asked
 * for (Norwegian Excel's unless `format=rfc4180`).
 */
export async function exportLeads(
  ctx: ServiceCtx,
  { actorId, query }: { actorId: string; query: AdminLeadExportQuery },
): Promise<{ fileName: string; body: ReadableStream<Uint8Array> }> {
  const { db } = ctx;
  const now = ctx.now();
  const { part } = query;
  const details = {
    consent: query.consent ?? null,
    source: query.source ?? null,
    utm: query.utm || null,
    searched: query.query !== '',
    part,
  };
  const [, rows] = await db.batch([
    db
      .insert(adminAuditLog)
      .values({ actorId, action: 'lead.export', targetType: 'leads', targetId: null, details, createdAt: new Date(now) }),
    db
      .select({ record: sql<string>`${leadRecord}` })
      .from(leads)
      .leftJoin(users, eq(users.id, leads.userId))
      .where(leadFilter(query))
      .orderBy(desc(leads.createdAt), desc(sql`${leads}.rowid`))
      .limit(LEAD_EXPORT_PART_ROWS)
      .offset((part - 1) * LEAD_EXPORT_PART_ROWS),
  ]);
  const when = osloClock();
  const { separator, bom } = CSV_DIALECTS[query.format];
  const line = ({ record }: { record: string }) => {
    const [email, consent, source, utmSource, utmMedium, utmCampaign, createdAt, lastActiveAt, isUser, isPremium] = record.split(
      FIELD,
    ) as [string, LeadConsentState, ...string[]];
    return csvLine(
      [
        email,
        t.consentStates[consent],
        t.sources[source!] ?? source!,
        utmSource!,
        utmMedium!,
        utmCampaign!,
        when(createdAt!),
        when(lastActiveAt!),
        isUser === '1' ? t.yes : t.no,
        isPremium === '1' ? t.yes : t.no,
      ],
      separator,
    );
  };
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(bom + csvLine(t.csv.header, separator)));
    },
    async pull(controller) {
      if (next > 0) await nextTurn();
      const chunk = rows.slice(next, next + CHUNK_LINES);
      next += CHUNK_LINES;
      if (chunk.length > 0) controller.enqueue(encoder.encode(chunk.map(line).join('')));
      if (next >= rows.length) controller.close();
    },
  });
  return { fileName: t.csv.fileName(osloCalendarDay(now), part), body };
}
