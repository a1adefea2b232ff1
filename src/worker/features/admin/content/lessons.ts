import { eq, sql, type SQL } from 'drizzle-orm';
import { refusedConstraint } from '#db/errors';
import { files, lessonCompletions, lessons, modules } from '#db/schema';
import { contentValidation as v } from '#shared/copy/admin/content';
import type { lessonCreateSchema, lessonPatchSchema } from '#shared/schemas/admin/content';
import type { z } from '#shared/zod';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { snapshotDetails } from '#worker/audit';
import { auditedRows, type RowWrite } from '../audited-rows';
import { toLesson, withPublishAt, type LessonRecord } from './records';

/* Course text is logged only as changed or not (see modules.ts); settings with their values. */
const audited = auditedRows({
  table: lessons,
  targetType: 'lesson',
  personal: ['title', 'description', 'content', 'resources', 'transcript', 'quiz'],
  settings: ['order', 'type', 'isPremium', 'duration', 'videoUrl', 'captionsFileId', 'status', 'publishAt'],
  stamp: 'updatedAt',
  notFound: () => notFound(v.lessonNotFound),
});

/**
 * `value` when `captionsFileId` is null or names an uploaded WebVTT file, else NULL: written into a
 * NOT NULL column (the lesson's module), it makes the database refuse the write, so an unknown file
 * is refused in the same batch that would have saved it (docs/decisions/0050-captions.md).
 */
const ifCaptionsKnown = (captionsFileId: string | null | undefined, value: SQL) =>
  captionsFileId
    ? sql`CASE WHEN EXISTS (SELECT 1 FROM ${files} WHERE ${files.id} = ${captionsFileId} AND ${files.contentType} LIKE 'text/vtt%') THEN ${value} END`
    : value;
const captionsUnknown = () => new AppError('captions_file_unknown', 400, v.captionsFileInvalid);

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
      moduleId: ifCaptionsKnown(input.captionsFileId, ofModule(sql`${modules.id}`)),
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
    // A module that does not exist, or (when one was named) a captions file that does not.
    missing: () => (input.captionsFileId ? captionsUnknown() : notFound(v.moduleNotFound)),
  });
  return toLesson(row);
}

/** Changes some of a lesson's fields; unknown id → 404, a captions file that is not an uploaded WebVTT file → 400. */
export async function updateLesson(
  ctx: ServiceCtx,
  { patch, ...write }: RowWrite & { patch: z.output<typeof lessonPatchSchema> },
): Promise<LessonRecord> {
  const set = withPublishAt(patch);
  try {
    const row = await audited.update(ctx, {
      ...write,
      set: patch.captionsFileId ? { ...set, moduleId: ifCaptionsKnown(patch.captionsFileId, sql`${lessons.moduleId}`) } : set,
    });
    return toLesson(row);
  } catch (err) {
    if (patch.captionsFileId && refusedConstraint(err) === 'not-null') throw captionsUnknown();
    throw err;
  }
}

/** Deletes a lesson and its completions; the audit row keeps its title and how many had completed it. */
export async function deleteLesson(ctx: ServiceCtx, write: RowWrite): Promise<void> {
  await audited.delete(ctx, {
    ...write,
    details: sql`json_object('moduleId', ${lessons.moduleId}, 'title', ${lessons.title},
      'completedBy', (SELECT count(*) FROM lesson_completions c WHERE c.lesson_id = ${lessons.id}))`,
    alsoRun: [ctx.db.delete(lessonCompletions).where(eq(lessonCompletions.lessonId, write.id))],
  });
}
