import { and, asc, eq, sql } from 'drizzle-orm';
import { memberImportRows, memberImports } from '#db/schema';
import { adminImports } from '#shared/copy/admin/imports';
import {
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  SKIPPED_PAGE,
  type ImportFormat,
  type ImportSkipReason,
  type MemberImport,
} from '#shared/schemas/admin/imports';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { erasedAddressMark, latestDecision } from '#worker/features/privacy/index';
import { sha256 } from '#worker/platform/crypto';
import { detectFormat, readRows } from './formats';
import { parseCsv } from './parse-csv';

type Ctx = ServiceCtx<'config'>;
/** Rows read between two turns of the event loop (~40 ms of work). */
const READ_SLICE = 2000;
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Premium now, by the one rule (src/shared/premium.ts), of the users row `u`. */
export const activePremium = (now: number) =>
  sql`(u.is_premium = 1 AND (u.premium_end_date IS NULL OR u.premium_end_date > ${now}))`;

/**
 * Whether applying row `r` changes member `u` (both SQL aliases): a name where they have none,
 * Premium for paid time left when they have none running, a proven consent where the address
 * has made no decision here (a withdrawal here always stands). Nothing else is ever changed, so
 * applying a file twice changes nothing the second time.
 */
export const rowChangesMember = (now: number) => sql`(
  (u.first_name = '' AND r.name <> '')
  OR (r.premium_until > ${now} AND NOT ${activePremium(now)})
  OR (r.consent_at IS NOT NULL AND ${latestDecision(sql`r.email`)} IS NULL))`;

/** The file's text, when it is a CSV file within the limits (400 with the reason otherwise). */
async function csvText(file: File): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES) throw new AppError('import_too_large', 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // A CSV export is text: a NUL byte or invalid UTF-8 is a spreadsheet, an archive or a picture.
  if (bytes.includes(0)) throw new AppError('import_not_csv', 400);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('import_not_csv', 400);
  }
}

/** The import's fields the admin sees, from its row, its counts and its first skipped rows. */
export function memberImportOf(
  row: typeof memberImports.$inferSelect,
  skipped: { rowNo: number; email: string; reason: ImportSkipReason | null }[],
): MemberImport {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    sendWelcome: row.sendWelcome,
    total: row.total,
    done: row.done,
    preview: { new: row.newCount, updated: row.updatedCount, skipped: row.skippedCount },
    skippedRows: skipped.map((s) => {
      const reason = s.reason ?? 'unchanged';
      return { row: s.rowNo, email: s.email, reason, message: adminImports.reasons[reason] };
    }),
  };
}

/** The statement reading an import's first skipped rows, for a batch. */
export const skippedPage = (ctx: ServiceCtx, importId: string) =>
  ctx.db
    .select({ rowNo: memberImportRows.rowNo, email: memberImportRows.email, reason: memberImportRows.reason })
    .from(memberImportRows)
    .where(and(eq(memberImportRows.importId, importId), eq(memberImportRows.outcome, 'skipped')))
    .orderBy(asc(memberImportRows.rowNo))
    .limit(SKIPPED_PAGE);

/**
 * Reads an uploaded file, tells its format from the header, and stores its rows with what each
 * will do (new, updated, skipped with the reason), all in one batch: nothing changes for any
 * member until the admin runs it. The rows are stored parsed, so the job that applies them
 * needs nothing else and can resume after a restart.
 */
export async function previewImport(ctx: Ctx, input: { file: File }): Promise<MemberImport> {
  const text = await csvText(input.file);
  const table = parseCsv(text);
  if (!table) throw new AppError('import_not_csv', 400);
  const [headerCells = [], ...body] = table;
  const header = headerCells.map((h) => h.trim().toLowerCase());
  const format: ImportFormat | null = detectFormat(header);
  if (!format) throw new AppError('import_unknown_header', 400);
  if (body.length === 0) throw new AppError('import_empty', 400);
  if (body.length > MAX_IMPORT_ROWS) throw new AppError('import_too_large', 400);

  // Read a slice at a time, giving the event loop back in between: 50 000 rows are ~2 s of work.
  const seen = new Set<string>();
  const parsed: unknown[][] = [];
  for (let start = 0; start < body.length; start += READ_SLICE) {
    for (const r of readRows(format, header, body.slice(start, start + READ_SLICE), seen)) {
      parsed.push(
        'skip' in r
          ? [r.email, '', null, null, null, r.skip, crypto.randomUUID(), crypto.randomUUID(), '']
          : [
              r.email,
              r.name,
              r.consentAt,
              r.premiumUntil,
              r.plan,
              null,
              crypto.randomUUID(),
              crypto.randomUUID(),
              await erasedAddressMark(ctx.config, r.email),
            ],
      );
    }
    await nextTurn();
  }
  const json = JSON.stringify(parsed);
  const id = crypto.randomUUID();
  const now = ctx.now();
  const { db } = ctx;
  const changes = rowChangesMember(now);
  const [, , , [stored], skipped] = await db.batch([
    db.insert(memberImports).values({ id, format, fileHash: await sha256(text), total: parsed.length }),
    // Each row's facts are worked out once (MATERIALIZED), then named as outcome and reason.
    db.run(sql`
      WITH r AS MATERIALIZED (
        SELECT j.key + 1 AS row_no, json_extract(j.value, '$[0]') AS email, json_extract(j.value, '$[1]') AS name,
          json_extract(j.value, '$[2]') AS consent_at, json_extract(j.value, '$[3]') AS premium_until,
          json_extract(j.value, '$[4]') AS plan, json_extract(j.value, '$[5]') AS skip,
          json_extract(j.value, '$[6]') AS new_user_id, json_extract(j.value, '$[7]') AS new_lead_id,
          json_extract(j.value, '$[8]') AS mark
        FROM json_each(${json}) j
      ), facts AS MATERIALIZED (
        SELECT r.*, r.skip IS NULL AND EXISTS (SELECT 1 FROM erasure_marks m WHERE m.mark = r.mark) AS erased,
          u.id AS user_id, r.skip IS NULL AND u.id IS NOT NULL AND ${changes} AS changes
        FROM r LEFT JOIN users u ON r.skip IS NULL AND u.email = r.email
      )
      INSERT INTO ${memberImportRows} (import_id, row_no, email, name, consent_at, premium_until, plan, outcome, reason, new_user_id, new_lead_id)
      SELECT ${id}, row_no, email, name, consent_at, premium_until, plan,
        CASE WHEN skip IS NOT NULL OR erased THEN 'skipped' WHEN user_id IS NULL THEN 'new' WHEN changes THEN 'updated' ELSE 'skipped' END,
        CASE WHEN skip IS NOT NULL THEN skip WHEN erased THEN 'erased' WHEN user_id IS NULL OR changes THEN NULL ELSE 'unchanged' END,
        new_user_id, new_lead_id
      FROM facts`),
    db.run(sql`
      UPDATE ${memberImports} SET
        new_count = (SELECT count(*) FROM ${memberImportRows} WHERE import_id = ${id} AND outcome = 'new'),
        updated_count = (SELECT count(*) FROM ${memberImportRows} WHERE import_id = ${id} AND outcome = 'updated'),
        skipped_count = (SELECT count(*) FROM ${memberImportRows} WHERE import_id = ${id} AND outcome = 'skipped')
      WHERE id = ${id}`),
    db.select().from(memberImports).where(eq(memberImports.id, id)),
    skippedPage(ctx, id),
  ]);
  return memberImportOf(stored!, skipped);
}
