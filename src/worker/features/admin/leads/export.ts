import { asc, desc, eq, sql } from 'drizzle-orm';
import { adminAuditLog, leads, users } from '#db/schema';
import { adminLeads } from '#shared/copy/admin-leads';
import type { AdminLeadFilter, LeadConsentState } from '#shared/schemas/admin-leads';
import { HOUR, isoToOsloLocal, osloCalendarDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { CSV_BOM, csvLine } from './csv';
import { leadFilter } from './filter';

const t = adminLeads;

/** The most leads one export holds (newest first): bounded, so a Worker's memory and time always suffice. */
export const EXPORT_MAX_ROWS = 100_000;
/** Leads per string the database hands over (and per chunk of the streamed body). */
const CHUNK_LEADS = 1000;

/*
 * The database joins each lead's place and fields with U+001F and a thousand leads with U+001E, so an
 * export crosses the driver as a hundred strings rather than a million cells (which costs
 * seconds). No field can hold either character: every text field refuses control characters.
 */
const FIELD = '\u001f';
const RECORD = '\u001e';

/** A lead's fields, in the header's order, as one text (NULL fields empty; booleans 0/1). */
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
 * GET /api/admin/leads/export: the filtered leads (at most EXPORT_MAX_ROWS, newest first) as
 * CSV, with an audit row saying which admin took them and with which filters (never the search
 * text, which may be part of an address) — one round trip. The body streams a thousand leads at
 * a time as the client reads, with Oslo wall-clock times.
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
  const newestFirst = [desc(leads.createdAt), desc(sql`${leads}.rowid`)];
  const records = db
    .select({
      record: sql<string>`${leadRecord}`.as('record'),
      n: sql<number>`row_number() OVER (ORDER BY ${sql.join(newestFirst, sql`, `)})`.as('n'),
    })
    .from(leads)
    .leftJoin(users, eq(users.id, leads.userId))
    .where(leadFilter(filter))
    .orderBy(...newestFirst)
    .limit(EXPORT_MAX_ROWS)
    .as('records');
  const [, chunks] = await db.batch([
    db
      .insert(adminAuditLog)
      .values({ actorId, action: 'lead.export', targetType: 'leads', targetId: null, details, createdAt: new Date(now) }),
    db
      // Each record leads with its place: sqld's SQLite has no ORDER BY inside an aggregate.
      .select({ text: sql<string>`group_concat(${records.n} || char(31) || ${records.record}, char(30))` })
      .from(records)
      // A literal divisor: bound as a parameter, SQLite sorts the groups in a temporary tree (three times slower).
      .groupBy(sql`(${records.n} - 1) / ${sql.raw(String(CHUNK_LEADS))}`)
      .orderBy(asc(sql`min(${records.n})`)),
  ]);
  const when = osloClock();
  const line = (fields: string[]) => {
    const [, email, consent, source, utmSource, utmMedium, utmCampaign, createdAt, lastActiveAt, isUser, isPremium] = fields as [
      string,
      string,
      LeadConsentState,
      ...string[],
    ];
    return csvLine([
      email,
      t.consentStates[consent],
      source!,
      utmSource!,
      utmMedium!,
      utmCampaign!,
      when(createdAt!),
      when(lastActiveAt!),
      isUser === '1' ? t.yes : t.no,
      isPremium === '1' ? t.yes : t.no,
    ]);
  };
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(t.csv.header)));
    },
    pull(controller) {
      const chunk = chunks[next++];
      if (chunk) {
        const records = chunk.text.split(RECORD).map((record) => record.split(FIELD));
        records.sort((a, b) => Number(a[0]) - Number(b[0]));
        controller.enqueue(encoder.encode(records.map(line).join('')));
      }
      if (next >= chunks.length) controller.close();
    },
  });
  return { fileName: t.csv.fileName(osloCalendarDay(now)), body };
}
