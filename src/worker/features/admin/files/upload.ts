import { files } from '#db/schema';
import type { UploadedFile } from '#shared/schemas/admin/content';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { auditExistingStatement } from '#worker/audit';
import { fileTypeOf, MAX_FILE_BYTES } from './file-types';
import { webVttProblem } from './webvtt';

/** 32 lower-case hex digits: safe as a path, a key and a URL segment. */
const newFileId = () => [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** A name as learners will download it: no path, no control characters, at most 120 characters. */
const cleanName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-120);

/**
 * Stores an uploaded file for lessons' resources or an own video's captions: an allowed type by
 * name and content (415 otherwise), at most MAX_FILE_BYTES (413); a `.vtt` must be WebVTT a
 * player accepts (400 with the reason otherwise, webvtt.ts). The bytes go to the FileStore first; the row and
 * its audit entry follow in one batch, so a file row always has bytes behind it (and bytes
 * whose row failed are deleted again).
 */
export async function uploadFile(
  ctx: ServiceCtx<'files'>,
  { actorId, file }: { actorId: string; file: File },
): Promise<UploadedFile> {
  const name = cleanName(file.name);
  const captions = /\.vtt$/i.test(name);
  // Captions say what is wrong with them in a 400 (webvtt.ts); a file too large for any upload is a 413.
  if (file.size > MAX_FILE_BYTES) throw new AppError(captions ? 'captions_too_large' : 'file_too_large', captions ? 400 : 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = captions ? webVttProblem(bytes) : null;
  if (problem) throw new AppError(problem, 400);
  const type = fileTypeOf(name, bytes);
  if (!type) throw new AppError('file_not_allowed', 415);

  const id = newFileId();
  await ctx.files.put(id, bytes, type.contentType);
  const row = { id, name, size: bytes.length, contentType: type.contentType };
  try {
    await ctx.db.batch([
      ctx.db.insert(files).values({ ...row, createdAt: new Date(ctx.now()) }),
      auditExistingStatement(
        ctx,
        { actorId, action: 'file.upload', targetType: 'file', targetId: id },
        { table: files, idColumn: files.id },
      ),
    ]);
  } catch (err) {
    // No row, so no one could ever fetch these bytes: do not keep them.
    await ctx.files.delete(id);
    throw err;
  }
  return row;
}
