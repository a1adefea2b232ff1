import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { lessonCompletions, lessons, modules } from '#db/schema';
import { contentValidation as v } from '#shared/copy/admin-content';
import type { AdminModulesResponse, moduleCreateSchema, modulePatchSchema } from '#shared/schemas/admin-content';
import { slugify } from '#shared/slug';
import type { z } from '#shared/zod';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/http/errors';
import { auditExistingStatement, changeDetails, type AuditedField } from '../audit';
import { toLesson, toModule, withFreeId, type ModuleRecord } from './records';
import { moduleStatsQuery, NO_STATS, toStats } from './stats';

/*
 * Titles and descriptions are course text, not personal data, but they can be long: the audit
 * log records only whether they changed (the `personal` treatment), and the values of settings.
 */
const MODULE_AUDIT: Record<string, AuditedField> = {
  title: { column: modules.title, personal: true },
  description: { column: modules.description, personal: true },
  icon: { column: modules.icon },
  color: { column: modules.color },
  order: { column: modules.order },
  isPremium: { column: modules.isPremium },
};

const audited = (ctx: ServiceCtx, actorId: string, action: string, id: string, details: SQL) =>
  auditExistingStatement(
    ctx,
    { actorId, action, targetType: 'module', targetId: id },
    { table: modules, idColumn: modules.id, details },
  );

/** Every module by order with its lessons by order, each lesson's completion count and the module's statistics: one batch. */
export async function listModules(ctx: ServiceCtx): Promise<AdminModulesResponse> {
  const { db } = ctx;
  const [mods, rows, stats] = await db.batch([
    db.select().from(modules).orderBy(asc(modules.order), asc(modules.title)),
    db
      .select({
        lesson: lessons,
        completedBy: sql<number>`(SELECT count(*) FROM lesson_completions c WHERE c.lesson_id = ${lessons.id})`,
      })
      .from(lessons)
      .orderBy(asc(lessons.moduleId), asc(lessons.order), asc(lessons.title)),
    moduleStatsQuery(ctx),
  ]);
  const statsById = new Map(stats.map((s) => [s.moduleId, s]));
  return {
    modules: mods.map((m) => ({
      ...toModule(m),
      lessons: rows
        .filter((r) => r.lesson.moduleId === m.id)
        .map((r) => ({ ...toLesson(r.lesson), completedBy: Number(r.completedBy) })),
      stats: statsById.has(m.id) ? toStats(statsById.get(m.id)) : NO_STATS,
    })),
  };
}

type ModuleInput = z.output<typeof moduleCreateSchema>;

/** Creates a module: id from the title unless given (a taken id is a 409), order = module count + 1 unless given. */
export async function createModule(
  ctx: ServiceCtx,
  { actorId, input }: { actorId: string; input: ModuleInput },
): Promise<ModuleRecord> {
  const { db } = ctx;
  const id = input.id ?? slugify(input.title);
  const now = new Date(ctx.now());
  const [[row]] = await withFreeId(
    () =>
      db.batch([
        db
          .insert(modules)
          .values({
            ...input,
            id,
            order: input.order ?? sql`(SELECT count(*) + 1 FROM ${modules})`,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
        audited(
          ctx,
          actorId,
          'module.create',
          id,
          sql`json_object('order', ${modules.order}, 'isPremium', json(CASE WHEN ${modules.isPremium} THEN 'true' ELSE 'false' END))`,
        ),
      ]),
    v.moduleIdTaken(id),
  );
  return toModule(row!);
}

/** Changes some of a module's fields; unknown id → 404. */
export async function updateModule(
  ctx: ServiceCtx,
  { actorId, id, patch }: { actorId: string; id: string; patch: z.output<typeof modulePatchSchema> },
): Promise<ModuleRecord> {
  const { db } = ctx;
  const [, [row]] = await db.batch([
    audited(ctx, actorId, 'module.update', id, changeDetails(MODULE_AUDIT, patch)),
    db
      .update(modules)
      .set({ ...patch, updatedAt: new Date(ctx.now()) })
      .where(eq(modules.id, id))
      .returning(),
  ]);
  if (!row) throw notFound(v.moduleNotFound);
  return toModule(row);
}

/** Deletes a module, its lessons and every completion of them; the audit row keeps how much went. */
export async function deleteModule(ctx: ServiceCtx, { actorId, id }: { actorId: string; id: string }): Promise<void> {
  const { db } = ctx;
  const [, , , deleted] = await db.batch([
    audited(
      ctx,
      actorId,
      'module.delete',
      id,
      sql`json_object('title', ${modules.title},
        'lessons', (SELECT count(*) FROM lessons l WHERE l.module_id = ${modules.id}),
        'learners', (SELECT count(DISTINCT c.user_id) FROM lesson_completions c WHERE c.module_id = ${modules.id}))`,
    ),
    // Spelled out rather than left to ON DELETE CASCADE, which a libSQL server may run with foreign keys off.
    db.delete(lessonCompletions).where(eq(lessonCompletions.moduleId, id)),
    db.delete(lessons).where(eq(lessons.moduleId, id)),
    db.delete(modules).where(eq(modules.id, id)).returning({ id: modules.id }),
  ]);
  if (deleted.length === 0) throw notFound(v.moduleNotFound);
}
