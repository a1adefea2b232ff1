import { desc, eq, sql } from 'drizzle-orm';
import { lessonNotes, lessons, modules } from '#db/schema';
import type { LessonNote, NoteResponse, NotesResponse } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { published } from './published';
import { available, unlocked, type Viewer } from './rules';

type NoteRow = { body: string; bookmarked: number; updatedAt: number };

/**
 * Saves the viewer's note and/or bookmark on a lesson they may open (the guard sits in the
 * statement, as for progress and video positions); a note left with neither text nor a
 * bookmark is removed. The read after the writes, in the same batch, says why nothing was
 * written: unknown or unpublished lesson 404, premium 403 premium_required, locked module 403.
 */
export async function saveNote(
  ctx: ServiceCtx,
  { viewer: v, lessonId, body, bookmarked }: { viewer: Viewer; lessonId: string; body?: string; bookmarked?: boolean },
): Promise<NoteResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const [, , [lesson]] = await db.batch([
    db.run(sql`
      INSERT INTO lesson_notes (user_id, lesson_id, body, bookmarked, updated_at)
      SELECT ${v.userId}, l.id, ${body ?? ''}, ${bookmarked ? 1 : 0}, ${now} FROM lessons l JOIN modules m ON m.id = l.module_id
      WHERE l.id = ${lessonId} AND ${available(v, 'l', 'm')} AND ${unlocked(v, 'm')}
      ON CONFLICT (user_id, lesson_id) DO UPDATE SET
        body = ${body === undefined ? sql`lesson_notes.body` : sql`excluded.body`},
        bookmarked = ${bookmarked === undefined ? sql`lesson_notes.bookmarked` : sql`excluded.bookmarked`},
        updated_at = excluded.updated_at`),
    db.run(
      sql`DELETE FROM lesson_notes WHERE user_id = ${v.userId} AND lesson_id = ${lessonId} AND body = '' AND bookmarked = 0`,
    ),
    db.all<{ available: number; unlocked: number; body: string | null; bookmarked: number | null; updatedAt: number | null }>(sql`
      SELECT ${available(v, 'l', 'm')} AS available, ${unlocked(v, 'm')} AS unlocked,
        n.body AS body, n.bookmarked AS bookmarked, n.updated_at AS updatedAt
      FROM lessons l JOIN modules m ON m.id = l.module_id
      LEFT JOIN lesson_notes n ON n.lesson_id = l.id AND n.user_id = ${v.userId}
      WHERE l.id = ${lessonId} AND ${published(v, 'l')} AND ${published(v, 'm')}`),
  ]);
  if (!lesson) throw notFound();
  if (!lesson.available) throw new AppError('premium_required', 403);
  if (!lesson.unlocked) throw new AppError('module_locked', 403);
  return { note: toNote(lessonId, lesson, now) };
}

/** A stored note as the API gives it; a removed one (its columns null from the LEFT JOIN) reads as empty, saved now. */
const toNote = (lessonId: string, row: { [K in keyof NoteRow]?: NoteRow[K] | null }, now: number): LessonNote => ({
  lessonId,
  body: row.body ?? '',
  bookmarked: Boolean(row.bookmarked),
  updatedAt: new Date(row.updatedAt ?? now).toISOString(),
});

/** "Mine notater": the viewer's notes and bookmarks, newest first, each with its lesson and module for the link. */
export async function listNotes(ctx: ServiceCtx, { viewer }: { viewer: Viewer }): Promise<NotesResponse> {
  const { db } = ctx;
  const rows = await db
    .select({
      lessonId: lessonNotes.lessonId,
      body: lessonNotes.body,
      bookmarked: lessonNotes.bookmarked,
      updatedAt: lessonNotes.updatedAt,
      lessonTitle: lessons.title,
      moduleId: modules.id,
      moduleTitle: modules.title,
    })
    .from(lessonNotes)
    .innerJoin(lessons, eq(lessons.id, lessonNotes.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(eq(lessonNotes.userId, viewer.userId))
    .orderBy(desc(lessonNotes.updatedAt));
  return { notes: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
}
