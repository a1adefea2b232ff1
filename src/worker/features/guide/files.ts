import { sql } from 'drizzle-orm';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { requireValidLink } from './file-link';
import { available, unlocked, type Viewer } from './rules';

type FileAccess = { name: string; content_type: string; size: number; allowed: number };

/**
 * A lesson file for download: the same gate as the lesson it belongs to (a file is readable when
 * some lesson the viewer may open lists it among its resources or plays it as its video's captions;
 * staff read every file), then the signed link.
 * Unknown file 404, no access 403 premium_required, bad or expired link 403.
 */
export async function downloadFile(
  ctx: ServiceCtx<'files' | 'config'>,
  { viewer: v, fileId, exp, sig }: { viewer: Viewer; fileId: string; exp?: string; sig?: string },
) {
  const allowed = v.isStaff
    ? sql`1`
    : sql`(EXISTS (SELECT 1 FROM lessons l JOIN modules m ON m.id = l.module_id, json_each(l.resources) r
          WHERE json_extract(r.value, '$.fileId') = f.id AND ${available(v, 'l', 'm')} AND ${unlocked(v, 'm')})
        OR EXISTS (SELECT 1 FROM lessons l JOIN modules m ON m.id = l.module_id
          WHERE l.captions_file_id = f.id AND ${available(v, 'l', 'm')} AND ${unlocked(v, 'm')}))`;
  const [file] = await ctx.db.all<FileAccess>(
    sql`SELECT f.name, f.content_type, f.size, ${allowed} AS allowed FROM files f WHERE f.id = ${fileId}`,
  );
  if (!file) throw notFound();
  if (!file.allowed) throw new AppError('premium_required', 403);
  await requireValidLink(ctx.config, { userId: v.userId, fileId, exp, sig, now: ctx.now() });
  const body = await ctx.files.get(fileId);
  if (!body) throw notFound();
  return { body, name: file.name, contentType: file.content_type, size: Number(file.size) };
}

/** `attachment` with the name as plain ASCII and, exactly, as UTF-8 (RFC 6266), so no browser renders the file in place. */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Captions are read by the video's <track>, in place; every other file is a download. */
export const isCaptions = (contentType: string) => /^text\/vtt\b/.test(contentType);
