import { eq, sql, type SQL } from 'drizzle-orm';
import { lessonCompletions, lessons, modules } from '#db/schema';
import { contentValidation as v } from '#shared/copy/admin/content';
import type { lessonCreateSchema, lessonPatchSchema } from '#shared/schemas/admin/content';
import type { z } from '#shared/zod';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { snapshotDetails } from '../audit';
import { auditedRows, type RowWrite } from '../audited-rows';
import { toLesson, withPublishAt, type LessonRecord } from './records';

/* Course text is logged only as changed or not (see modules.ts); settings with their values. */
const audited = auditedRows({
  table: lessons,
  targetType: 'lesson',
  personal: ['title', 'description', 'content', 'resources', 'transcript', 'quiz'],
  settings: ['order', 'type', 'isPremium', 'duration', 'videoUrl', 'status', 'publishAt'],
  stamp: 'updatedAt',
  notFound: () => notFound(v.lessonNotFound),
});

/**
 * Adds a lesson to a module. Defaults (tests/e2e/admin-content.spec.ts): id '{moduleId}-lesson-{timestamp}', order = the
 * module's lesson count + 1, premium as the module. One statement reads the module: when it does
 * not exist its id comes back NULL, the NOT NULL column refuses the row and the answer is a 404.
 */
export async function createLesson(
  ctx: ServiceCtx,
  { actorId, input }: { actorId: string; input: z.output<typeof lessonCreateSchema> },
): Promise<LessonRecord> {
  const id = input.id ?? `${input.moduleId}-lesson-${ctx.now()}`;
  const ofModule = (column: SQL) => sql`(SELECT ${column} FROM ${modules} WHERE ${modules.id} = ${input.moduleId})`;
  const row = await audited.create(ctx, {
    actorId,
    id,
    values: {
      ...withPublishAt(input),
      moduleId: ofModule(sql`${modules.id}`),
      order: input.order ?? sql`(SELECT count(*) + 1 FROM ${lessons} WHERE ${lessons.moduleId} = ${input.moduleId})`,
      isPremium: input.isPremium ?? ofModule(sql`${modules.isPremium}`),
      createdAt: new Date(ctx.now()),
    },
    details: snapshotDetails({
      moduleId: lessons.moduleId,
      order: lessons.order,
      type: lessons.type,
      isPremium: lessons.isPremium,
      status: lessons.status,
    }),
    idTaken: v.lessonIdTaken(id),
    missing: () => notFound(v.moduleNotFound),
  });
  return toLesson(row);
}

/** Changes some of a lesson's fields; unknown id → 404. */
export const updateLesson = (ctx: ServiceCtx, { patch, ...write }: RowWrite & { patch: z.output<typeof lessonPatchSchema> }) =>
  audited.update(ctx, { ...write, set: withPublishAt(patch) }).then(toLesson);

/** Deletes a lesson and its completions; the audit row keeps its title and how many had completed it. */
export async function deleteLesson(ctx: ServiceCtx, write: RowWrite): Promise<void> {
  await audited.delete(ctx, {
    ...write,
    details: sql`json_object('moduleId', ${lessons.moduleId}, 'title', ${lessons.title},
      'completedBy', (SELECT count(*) FROM lesson_completions c WHERE c.lesson_id = ${lessons.id}))`,
    alsoRun: [ctx.db.delete(lessonCompletions).where(eq(lessonCompletions.lessonId, write.id))],
  });
}
