import { sql } from 'drizzle-orm';
import type { UnreadResponse } from '#shared/schemas/questions';
import type { ServiceCtx } from '#worker/context';
import { mayOpen } from './access';
import type { Viewer } from '#worker/features/guide/index';

/** GET /api/guide/questions/unread: the viewer's questions with answers they have not opened, by lesson (the guide's badge). */
export async function unreadAnswers(ctx: ServiceCtx, { viewer: v }: { viewer: Viewer }): Promise<UnreadResponse> {
  const rows = await ctx.db.all<{ lessonId: string; moduleId: string; count: number }>(sql`
    SELECT q.lesson_id AS lessonId, l.module_id AS moduleId, sum(q.unread) AS count
    FROM lesson_posts q JOIN lessons l ON l.id = q.lesson_id
    WHERE q.author_id = ${v.userId} AND q.unread > 0 AND q.hidden_at IS NULL AND ${mayOpen(v, sql`q.lesson_id`)}
    GROUP BY q.lesson_id ORDER BY max(q.created_at) DESC`);
  return { total: rows.reduce((n, r) => n + r.count, 0), lessons: rows };
}
