import { eq, sql, type SQL } from 'drizzle-orm';
import { lessonCompletions, lessons, modules } from '#db/schema';
import { contentValidation as v } from '#shared/copy/admin-content';
import type { lessonCreateSchema, lessonPatchSchema } from '#shared/schemas/admin-content';
import type { z } from '#shared/zod';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/http/errors';
import { auditExistingStatement, changeDetails, type AuditedField } from '../audit';
import { toLesson, withFreeId, type LessonRecord } from './records';

/* Course text is logged only as changed or not (see modules.ts); settings with their values. */
const LESSON_AUDIT: Record<string, AuditedField> = {
  title: { column: lessons.title, personal: true },
  description: { column: lessons.description, personal: true },
  content: { column: lessons.content, personal: true },
  resources: { column: lessons.resources, personal: true },
  order: { column: lessons.order },
  type: { column: lessons.type },
  isPremium: { column: lessons.isPremium },
  duration: { column: lessons.duration },
};

const audited = (ctx: ServiceCtx, actorId: string, action: string, id: string, details: SQL) =>
  auditExistingStatement(
    ctx,
    { actorId, action, targetType: 'lesson', targetId: id },
    { table: lessons, idColumn: lessons.id, details },
  );

/**
 * Adds a lesson to a module. Defaults (spec §9): id '{moduleId}-lesson-{timestamp}', order = the
 * module's lesson count + 1, premium as the module. One statement reads the module: when it does
 * not exist its id comes back NULL, the NOT NULL column refuses the row and the answer is a 404.
 */
export async function createLesson(
  ctx: ServiceCtx,
  { actorId, input }: { actorId: string; input: z.output<typeof lessonCreateSchema> },
): Promise<LessonRecord> {
  const { db } = ctx;
  const id = input.id ?? `${input.moduleId}-lesson-${ctx.now()}`;
  const now = new Date(ctx.now());
  const ofModule = (column: SQL) => sql`(SELECT ${column} FROM ${modules} WHERE ${modules.id} = ${input.moduleId})`;
  const [[row]] = await withFreeId(
    () =>
      db.batch([
        db
          .insert(lessons)
          .values({
            ...input,
            id,
            moduleId: ofModule(sql`${modules.id}`),
            order: input.order ?? sql`(SELECT count(*) + 1 FROM ${lessons} WHERE ${lessons.moduleId} = ${input.moduleId})`,
            isPremium: input.isPremium ?? ofModule(sql`${modules.isPremium}`),
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
        audited(
          ctx,
          actorId,
          'lesson.create',
          id,
          sql`json_object('moduleId', ${lessons.moduleId}, 'order', ${lessons.order}, 'type', ${lessons.type}, 'isPremium', json(CASE WHEN ${lessons.isPremium} THEN 'true' ELSE 'false' END))`,
        ),
      ]),
    v.lessonIdTaken(id),
    () => notFound(v.moduleNotFound),
  );
  return toLesson(row!);
}

/** Changes some of a lesson's fields; unknown id → 404. */
export async function updateLesson(
  ctx: ServiceCtx,
  { actorId, id, patch }: { actorId: string; id: string; patch: z.output<typeof lessonPatchSchema> },
): Promise<LessonRecord> {
  const { db } = ctx;
  const [, [row]] = await db.batch([
    audited(ctx, actorId, 'lesson.update', id, changeDetails(LESSON_AUDIT, patch)),
    db
      .update(lessons)
      .set({ ...patch, updatedAt: new Date(ctx.now()) })
      .where(eq(lessons.id, id))
      .returning(),
  ]);
  if (!row) throw notFound(v.lessonNotFound);
  return toLesson(row);
}

/** Deletes a lesson and its completions; the audit row keeps its title and how many had completed it. */
export async function deleteLesson(ctx: ServiceCtx, { actorId, id }: { actorId: string; id: string }): Promise<void> {
  const { db } = ctx;
  const [, , deleted] = await db.batch([
    audited(
      ctx,
      actorId,
      'lesson.delete',
      id,
      sql`json_object('moduleId', ${lessons.moduleId}, 'title', ${lessons.title},
        'completedBy', (SELECT count(*) FROM lesson_completions c WHERE c.lesson_id = ${lessons.id}))`,
    ),
    db.delete(lessonCompletions).where(eq(lessonCompletions.lessonId, id)),
    db.delete(lessons).where(eq(lessons.id, id)).returning({ id: lessons.id }),
  ]);
  if (deleted.length === 0) throw notFound(v.lessonNotFound);
}
