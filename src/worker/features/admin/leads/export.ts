import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { adminAuditLog, leads, users } from '#db/schema';
import { adminLeads } from '#shared/copy/admin/leads';
import { LEAD_EXPORT_PART_ROWS, type AdminLeadExportQuery, type LeadConsentState } from '#shared/schemas/admin/leads';
import { HOUR, isoToOsloLocal, osloCalendarDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { CSV_DIALECTS, csvLine } from '#shared/csv';
import { leadFilter } from './filter';
import { nextTurn } from '#worker/platform/next-turn';

const t = adminLeads;

/**
 * Leads per read, and lines per chunk of the streamed body. On the embedded file (Node) a read
 * runs on the event loop: at 100 000 users the part's 10 000 rows in one query held it 70–240 ms,
 * while 500 are one short indexed read (~2–6 ms) and ~2 ms of CSV, and a local read is no network
 * round trip. Over the network (Workers and sqld) a read holds nothing, so the part is one read:
 * the request's round trips stay two.
 */
const rowsPerRead = (db: ServiceCtx['db']) => (db.$client.protocol === 'file' ? 500 : LEAD_EXPORT_PART_ROWS);

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
 * (never the search text, which may be part of an address) — one round trip with the first
 * page. The body streams a page of leads at a time as the client reads, each read after a turn
 * of the event loop, with Oslo wall-clock times and words for codes (the form's name, the consent state), in the dialect asked
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
  const filter = leadFilter(query);
  const pageRows = rowsPerRead(db);
  /** The next pageRows leads of the part (`limit` fewer at its end), after the last one read: a keyset on the list's own order. */
  const page = (after: SQL | undefined, limit: number) =>
    db
      .select({
        record: sql<string>`${leadRecord}`,
        createdAt: sql<number>`${leads.createdAt}`,
        rowid: sql<number>`${leads}.rowid`,
      })
      .from(leads)
      .leftJoin(users, eq(users.id, leads.userId))
      .where(and(filter, after))
      .orderBy(desc(leads.createdAt), desc(sql`${leads}.rowid`))
      .limit(limit);
  // The audit row and the first page in the request's round trip; the part's start is the only OFFSET.
  const [, first] = await db.batch([
    db
      .insert(adminAuditLog)
      .values({ actorId, action: 'lead.export', targetType: 'leads', targetId: null, details, createdAt: new Date(now) }),
    page(undefined, pageRows).offset((part - 1) * LEAD_EXPORT_PART_ROWS),
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
  let rows = first;
  let left = LEAD_EXPORT_PART_ROWS - rows.length;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(bom + csvLine(t.csv.header, separator)));
    },
    /*
     * One page a pull, each its own short read of the local file as the reader asks for it (after
     * the answer; over the network the first read was the part): a slow reader holds no rows, and a fast one gives
     * the event loop back between pages. `(created_at, rowid) <` the last row continues the
     * list's order on `leads_created_idx` (or the filter's index) without an OFFSET.
     */
    async pull(controller) {
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(line).join('')));
      const last = rows.at(-1);
      if (!last || rows.length < pageRows || left <= 0) return controller.close();
      await nextTurn();
      rows = await page(sql`(${leads.createdAt}, ${leads}.rowid) < (${last.createdAt}, ${last.rowid})`, Math.min(pageRows, left));
      left -= rows.length;
      // Its lines are the next pull's, after another turn: the read and the CSV are two short pieces, not one.
      await nextTurn();
    },
  });
  return { fileName: t.csv.fileName(osloCalendarDay(now), part), body };
}
