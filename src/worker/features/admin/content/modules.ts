import { asc, eq, sql } from 'drizzle-orm';
import { lessonCompletions, lessons, moduleCompletions, modules, quizQuestionStats } from '#db/schema';
import { contentValidation as v } from '#shared/copy/admin/content';
import type { AdminModulesResponse, moduleCreateSchema, modulePatchSchema } from '#shared/schemas/admin/content';
import { slugify } from '#shared/slug';
import type { z } from '#shared/zod';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { snapshotDetails } from '#worker/audit';
import { auditedRows, type RowWrite } from '../audited-rows';
import { toLesson, toModule, withPublishAt, type ModuleRecord } from './records';
import { moduleStatsQuery, toStats } from './stats';

/*
 * Titles and descriptions are course text, not personal data, but they can be long: the audit
 * log records only whether they changed (the `personal` treatment), and the values of settings.
 */
const audited = auditedRows({
  table: modules,
  targetType: 'module',
  personal: ['title', 'description'],
  settings: ['icon', 'color', 'order', 'isPremium', 'difficulty', 'status', 'publishAt'],
  stamp: 'updatedAt',
  notFound: () => notFound(v.moduleNotFound),
});

/** Every module by order with its lessons by order, each lesson's completion count and the module's statistics: one batch. */
export async function listModules(ctx: ServiceCtx): Promise<AdminModulesResponse> {
  const { db } = ctx;
  const [mods, rows, stats, quizStats] = await db.batch([
    db
      .select({
        module: modules,
        // Kept by triggers on lesson_completions (counters 'learners:<module id>'): exact now, unlike the job's statistics.
        learners: sql<number>`coalesce((SELECT value FROM counters WHERE name = 'learners:' || ${modules.id}), 0)`,
      })
      .from(modules)
      .orderBy(asc(modules.order), asc(modules.title)),
    db
      .select({
        lesson: lessons,
        // Kept by triggers on lesson_completions (counters 'completions:<lesson id>'): no count over every completion.
        completedBy: sql<number>`coalesce((SELECT value FROM counters WHERE name = 'completions:' || ${lessons.id}), 0)`,
      })
      .from(lessons)
      .orderBy(asc(lessons.moduleId), asc(lessons.order), asc(lessons.title)),
    moduleStatsQuery(ctx),
    // Counted as each learner's first attempt is recorded (guide/quiz.ts): a row per quiz question, no scan of the attempts.
    db.select().from(quizQuestionStats),
  ]);
  const quizStatsOf = Map.groupBy(quizStats, (s) => s.lessonId);
  const statsById = new Map(stats.map((s) => [s.moduleId, s]));
  const lessonsOf = Map.groupBy(rows, (r) => r.lesson.moduleId);
  return {
    modules: mods.map(({ module: m, learners }) => ({
      ...toModule(m),
      lessons: (lessonsOf.get(m.id) ?? []).map((r) => ({
        ...toLesson(r.lesson),
        completedBy: Number(r.completedBy),
        quizStats: (quizStatsOf.get(r.lesson.id) ?? []).map(({ questionId, firstAnswers, firstWrong }) => ({
          questionId,
          firstAnswers,
          firstWrong,
        })),
      })),
      learners: Number(learners),
      stats: toStats(statsById.get(m.id)),
    })),
  };
}

type ModuleInput = z.output<typeof moduleCreateSchema>;

/** Creates a module: id from the title unless given (a taken id is a 409), order = module count + 1 unless given. */
export async function createModule(
  ctx: ServiceCtx,
  { actorId, input }: { actorId: string; input: ModuleInput },
): Promise<ModuleRecord> {
  const id = input.id ?? slugify(input.title);
  const row = await audited.create(ctx, {
    actorId,
    id,
    values: {
      ...withPublishAt(input),
      order: input.order ?? sql`(SELECT count(*) + 1 FROM ${modules})`,
      createdAt: new Date(ctx.now()),
    },
    details: snapshotDetails({ order: modules.order, isPremium: modules.isPremium, status: modules.status }),
    idTaken: v.moduleIdTaken(id),
  });
  return toModule(row);
}

/** Changes some of a module's fields; unknown id → 404. */
export const updateModule = (ctx: ServiceCtx, { patch, ...write }: RowWrite & { patch: z.output<typeof modulePatchSchema> }) =>
  audited.update(ctx, { ...write, set: withPublishAt(patch) }).then(toModule);

/** Deletes a module, its lessons and every completion of them; the audit row keeps how much went. */
export async function deleteModule(ctx: ServiceCtx, write: RowWrite): Promise<void> {
  const { db } = ctx;
  await audited.delete(ctx, {
    ...write,
    details: sql`json_object('title', ${modules.title},
      'lessons', (SELECT count(*) FROM lessons l WHERE l.module_id = ${modules.id}),
      'learners', (SELECT count(DISTINCT c.user_id) FROM lesson_completions c WHERE c.module_id = ${modules.id}))`,
    // Spelled out rather than left to ON DELETE CASCADE, which a libSQL server may run with foreign keys off.
    alsoRun: [
      db.delete(lessonCompletions).where(eq(lessonCompletions.moduleId, write.id)),
      db.delete(moduleCompletions).where(eq(moduleCompletions.moduleId, write.id)),
      db.delete(lessons).where(eq(lessons.moduleId, write.id)),
    ],
  });
}
