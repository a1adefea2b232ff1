import { eq } from 'drizzle-orm';
import { memberImportChunks, memberImports } from '#db/schema';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportFormat, type MemberImport } from '#shared/schemas/admin/imports';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { sha256 } from '#worker/platform/crypto';
import { detectFormat, readRows } from './formats';
import { csvRows } from './parse-csv';
import { PREVIEW_CHUNK, memberImportOf } from './preview';
import { inSlices } from './slices';
import { nextTurn } from '#worker/platform/next-turn';

/**
 * The file's text, when it is a CSV file within the limits (400 with the reason otherwise), read
 * from its stream a piece at a time: no copy of the whole file, and the event loop given back
 * between slices.
 */
async function csvText(file: File): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES) throw new AppError('import_too_large', 400);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  const decode = (bytes?: Uint8Array) => {
    try {
      parts.push(bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode());
    } catch {
      throw new AppError('import_not_csv', 400);
    }
  };
  for await (const slice of inSlices(file.stream())) {
    // A CSV export is text: a NUL byte or invalid UTF-8 is a spreadsheet, an archive or a picture.
    if (slice.includes(0)) throw new AppError('import_not_csv', 400);
    decode(slice);
  }
  decode();
  return parts.join('');
}

/**
 * Chunks stored per insert. On the embedded file an insert runs on the event loop: all 125 chunks
 * of a 50 000-row file (~4 MB) in one held it 60–100 ms, eight ~3–6 ms — and a local insert is no
 * network round trip. Over the network (Workers, sqld) an insert holds nothing, so the file is one
 * batch and the request's round trips stay two. The import job previews an import only once all
 * its rows are stored (preview.ts counts them against its total).
 */
const chunksPerInsert = (ctx: ServiceCtx) => (ctx.db.$client.protocol === 'file' ? 8 : Infinity);

/** A chunk's rows as member_import_chunks stores them (the column order its comment gives). */
function chunkJson(format: ImportFormat, header: string[], cells: string[][], firstRowNo: number, seen: Set<string>) {
  return JSON.stringify(
    readRows(format, header, cells, seen).map((r, i) =>
      'skip' in r
        ? [firstRowNo + i, r.email, '', null, null, null, r.skip]
        : [firstRowNo + i, r.email, r.name, r.consentAt, r.premiumUntil, r.plan, null],
    ),
  );
}

/**
 * Reads an uploaded file, tells its format from the header, checks every row (a bad one is
 * skipped with its reason, a repeated address too) and stores the rows in chunks for the import
 * job, which previews them against the members we have (preview.ts) — one batch over the
 * network, a few short inserts on the embedded file — so the upload answers at once with the
 * import `previewing`. The reading gives the event loop back after every
 * chunk of rows: on Node the server answers other requests while a 50 000-row file is read.
 * The rows are stored parsed, so neither the preview nor the import needs the file again, and
 * both resume after a restart.
 */
export async function uploadImport(ctx: ServiceCtx, input: { file: File }): Promise<MemberImport> {
  const text = await csvText(input.file);
  const rows = csvRows(text);
  const first = rows.next();
  const header = (first.done ? [] : first.value).map((h) => h.trim().toLowerCase());
  const format = detectFormat(header);
  if (!format) throw new AppError('import_unknown_header', 400);

  const seen = new Set<string>();
  const chunks: string[] = [];
  let pending: string[][] = [];
  let total = 0;
  const flush = () => {
    chunks.push(chunkJson(format, header, pending, total - pending.length + 1, seen));
    pending = [];
  };
  for (const cells of rows) {
    if (++total > MAX_IMPORT_ROWS) throw new AppError('import_too_large', 400);
    pending.push(cells);
    if (pending.length === PREVIEW_CHUNK) {
      flush();
      await nextTurn();
    }
  }
  if (pending.length > 0) flush();
  if (total === 0) throw new AppError('import_empty', 400);

  const id = crypto.randomUUID();
  const { db } = ctx;
  const values = chunks.map((json, chunkNo) => ({ importId: id, chunkNo, rows: json }));
  const perInsert = chunksPerInsert(ctx);
  const [[stored]] = await db.batch([
    db
      .insert(memberImports)
      .values({ id, format, fileHash: await sha256(text), total, status: 'previewing' })
      .returning(),
    db.insert(memberImportChunks).values(values.slice(0, perInsert)),
  ]);
  try {
    for (let at = perInsert; at < values.length; at += perInsert) {
      await nextTurn();
      await db.insert(memberImportChunks).values(values.slice(at, at + perInsert));
    }
  } catch (err) {
    // Half a file is no import: the admin is told it failed (a busy database: try again) and nothing stays.
    await db.batch([
      db.delete(memberImportChunks).where(eq(memberImportChunks.importId, id)),
      db.delete(memberImports).where(eq(memberImports.id, id)),
    ]);
    throw err;
  }
  return memberImportOf(stored!, []);
}
