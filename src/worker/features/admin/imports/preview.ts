import { and, asc, eq, sql } from 'drizzle-orm';
import { memberImportChunks, memberImportRows, memberImports } from '#db/schema';
import { adminImports } from '#shared/copy/admin/imports';
import { SKIPPED_PAGE, type ImportSkipReason, type MemberImport } from '#shared/schemas/admin/imports';
import type { ServiceCtx } from '#worker/context';
import { erasedAddressMark, latestDecision } from '#worker/features/privacy/index';

type Ctx = ServiceCtx<'config'>;
/**
 * Rows the upload reads between two turns of the event loop, and the job previews per batch: one
 * chunk's classification holds the loop (on Node the database runs on it) for well under 50 ms.
 */
export const PREVIEW_CHUNK = 400;

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
 * Previews an import's next chunk of rows (the lowest `chunk_no` left) in one batch, all or
 * nothing: stores each row with what it will do (new, updated, skipped with the reason) against
 * what we have now, adds them to the import's counts and deletes the chunk — only if no other
 * runner took it first. The last chunk marks the import `previewed`: the one that brings the counts
 * to the file's total (on the embedded file the upload stores its chunks over a few turns, and the
 * job may have taken every chunk stored so far). Nothing changes for any
 * member. Returns how many rows it previewed (0: nothing to do).
 */
export async function previewChunk(ctx: Ctx, importId: string): Promise<number> {
  const { db } = ctx;
  const [next] = await db
    .select()
    .from(memberImportChunks)
    .where(eq(memberImportChunks.importId, importId))
    .orderBy(asc(memberImportChunks.chunkNo))
    .limit(1);
  const rows: unknown[][] = next ? JSON.parse(next.rows) : [];
  // The ids a row may create ($[7], $[8]: made once, here, so applying the row twice makes one)
  // and the erasure mark of each checked address ($[9]: an address erased here is not brought back).
  const json = JSON.stringify(
    await Promise.all(
      rows.map(async (r) => [
        ...r,
        crypto.randomUUID(),
        crypto.randomUUID(),
        r[6] === null ? await erasedAddressMark(ctx.config, String(r[1])) : '',
      ]),
    ),
  );
  const chunkNo = next?.chunkNo ?? -1;
  const first = chunkNo * PREVIEW_CHUNK + 1;
  const last = first + PREVIEW_CHUNK - 1;
  const stillThere = sql`EXISTS (SELECT 1 FROM ${memberImportChunks} WHERE import_id = ${importId} AND chunk_no = ${chunkNo})`;
  const counted = (outcome: string) =>
    sql`(SELECT count(*) FROM ${memberImportRows} WHERE import_id = ${importId} AND row_no BETWEEN ${first} AND ${last} AND outcome = ${outcome})`;
  const changes = rowChangesMember(ctx.now());
  const [, , taken] = await db.batch([
    // Each row's facts are worked out once (MATERIALIZED), then named as outcome and reason.
    db.run(sql`
      WITH r AS MATERIALIZED (
        SELECT json_extract(j.value, '$[0]') AS row_no, json_extract(j.value, '$[1]') AS email, json_extract(j.value, '$[2]') AS name,
          json_extract(j.value, '$[3]') AS consent_at, json_extract(j.value, '$[4]') AS premium_until,
          json_extract(j.value, '$[5]') AS plan, json_extract(j.value, '$[6]') AS skip,
          json_extract(j.value, '$[7]') AS new_user_id, json_extract(j.value, '$[8]') AS new_lead_id,
          json_extract(j.value, '$[9]') AS mark
        FROM json_each(${json}) j WHERE ${stillThere}
      ), facts AS MATERIALIZED (
        SELECT r.*, r.skip IS NULL AND EXISTS (SELECT 1 FROM erasure_marks m WHERE m.mark = r.mark) AS erased,
          u.id AS user_id, r.skip IS NULL AND u.id IS NOT NULL AND ${changes} AS changes
        FROM r LEFT JOIN users u ON r.skip IS NULL AND u.email = r.email
      )
      INSERT INTO ${memberImportRows} (import_id, row_no, email, name, consent_at, premium_until, plan, outcome, reason, new_user_id, new_lead_id)
      SELECT ${importId}, row_no, email, name, consent_at, premium_until, plan,
        CASE WHEN skip IS NOT NULL OR erased THEN 'skipped' WHEN user_id IS NULL THEN 'new' WHEN changes THEN 'updated' ELSE 'skipped' END,
        CASE WHEN skip IS NOT NULL THEN skip WHEN erased THEN 'erased' WHEN user_id IS NULL OR changes THEN NULL ELSE 'unchanged' END,
        new_user_id, new_lead_id
      FROM facts WHERE true
      ON CONFLICT DO NOTHING`),
    db.run(sql`
      UPDATE ${memberImports} SET new_count = new_count + ${counted('new')},
        updated_count = updated_count + ${counted('updated')}, skipped_count = skipped_count + ${counted('skipped')}
      WHERE id = ${importId} AND ${stillThere}`),
    db
      .delete(memberImportChunks)
      .where(and(eq(memberImportChunks.importId, importId), eq(memberImportChunks.chunkNo, chunkNo)))
      .returning({ chunkNo: memberImportChunks.chunkNo }),
    db.run(sql`
      UPDATE ${memberImports} SET status = 'previewed'
      WHERE id = ${importId} AND status = 'previewing' AND new_count + updated_count + skipped_count = total
        AND NOT EXISTS (SELECT 1 FROM ${memberImportChunks} WHERE import_id = ${importId})`),
  ]);
  return taken.length > 0 ? rows.length : 0;
}
