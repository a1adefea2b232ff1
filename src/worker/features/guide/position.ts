import { sql } from 'drizzle-orm';
import type { VideoPositionResponse } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { published } from './published';
import { available, unlocked, type Viewer } from './rules';

/**
 * Remembers where the viewer stopped in a lesson's video: written only for a video lesson they
 * may open (the guard sits in the statement, as progress does); the read after it, in the same
 * batch, says why nothing was written. Unknown or unpublished lesson 404, premium 403.
 */
export async function saveVideoPosition(
  ctx: ServiceCtx,
  { viewer: v, lessonId, seconds }: { viewer: Viewer; lessonId: string; seconds: number },
): Promise<VideoPositionResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const [, [lesson]] = await db.batch([
    db.run(sql`
      INSERT INTO video_positions (user_id, lesson_id, seconds, updated_at)
      SELECT ${v.userId}, l.id, ${seconds}, ${now} FROM lessons l JOIN modules m ON m.id = l.module_id
      WHERE l.id = ${lessonId} AND l.video_url IS NOT NULL AND ${available(v, 'l', 'm')} AND ${unlocked(v, 'm')}
      ON CONFLICT (user_id, lesson_id) DO UPDATE SET seconds = excluded.seconds, updated_at = excluded.updated_at`),
    db.all<{ available: number; unlocked: number; hasVideo: number }>(sql`
      SELECT ${available(v, 'l', 'm')} AS available, ${unlocked(v, 'm')} AS unlocked, l.video_url IS NOT NULL AS hasVideo
      FROM lessons l JOIN modules m ON m.id = l.module_id
      WHERE l.id = ${lessonId} AND ${published(v, 'l')} AND ${published(v, 'm')}`),
  ]);
  if (!lesson || !lesson.hasVideo) throw notFound();
  if (!lesson.available) throw new AppError('premium_required', 403);
  if (!lesson.unlocked) throw new AppError('module_locked', 403);
  return { seconds };
}
