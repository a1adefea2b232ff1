import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import type { ProgressListResponse, ProgressResponse } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { lessonCompletedStatements } from '#worker/features/webhooks/index';
import { completionAwards, toAwards } from './awards';
import { catalogQueries, moduleStates, progressEntry, requireAvailableLessons, requireOpenModule } from './catalog';
import { available, complete, hasAvailable, quizzesRequired, unlocked, type Viewer } from './rules';

export async function listProgress(ctx: ServiceCtx, { viewer }: { viewer: Viewer }): Promise<ProgressListResponse> {
  const rows = await ctx.db.batch(catalogQueries(ctx.db, viewer));
  return { progress: moduleStates(viewer, rows).map(progressEntry) };
}

/**
 * Records completed lessons, all or nothing: the insert happens only when the module is open to
 * the viewer and every id is one of its lessons available to them. The reads later in the
 * same batch say which rule failed, if one did. A quiz lesson among them is left as it is while
 * the certificate requires quizzes: then only a passed attempt completes it (quiz.ts).
 */
function insertCompletions(db: Db, v: Viewer, now: number, moduleId: string, lessonIds: string[]) {
  const ids = JSON.stringify(lessonIds);
  return db.run(sql`
    INSERT INTO lesson_completions (user_id, lesson_id, module_id, created_at)
    SELECT ${v.userId}, l.id, l.module_id, ${now}
    FROM lessons l JOIN modules m ON m.id = l.module_id
    WHERE l.module_id = ${moduleId}
      AND l.id IN (SELECT value FROM json_each(${ids}))
      AND (l.type <> 'quiz' OR NOT ${quizzesRequired})
      AND ${available(v, 'l', 'm')}
      AND ${unlocked(v, 'm')}
      AND (SELECT count(*) FROM lessons vl JOIN modules vm ON vm.id = vl.module_id
           WHERE vl.module_id = ${moduleId} AND vl.id IN (SELECT value FROM json_each(${ids})) AND ${available(v, 'vl', 'vm')}
          ) = ${lessonIds.length}
    ON CONFLICT DO NOTHING`);
}

/** After the completions: the module, if it is now complete, is recorded as completed once and for all. */
export function recordModuleCompletion(db: Db, v: Viewer, now: number, moduleId: string | SQL) {
  return db.run(sql`
    INSERT INTO module_completions (user_id, module_id, created_at)
    SELECT ${v.userId}, m.id, ${now} FROM modules m
    WHERE m.id = ${moduleId} AND ${unlocked(v, 'm')} AND ${hasAvailable(v, 'm')} AND ${complete(v, 'm')}
    ON CONFLICT DO NOTHING`);
}

/**
 * Saves a module's completed lessons and awards their XP. The percentage is computed here
 * (catalog.ts, docs/decisions/0011-guide.md); a percentage sent by the client is ignored.
 */
export async function saveProgress(
  ctx: ServiceCtx,
  { viewer, moduleId, completedSections }: { viewer: Viewer; moduleId: string; completedSections: string[] },
): Promise<ProgressResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const told = lessonCompletedStatements(db, {
    userId: viewer.userId,
    now,
    lessons: sql`(SELECT value FROM json_each(${JSON.stringify(completedSections)}))`,
  });
  const [, , , , lessonXp, moduleXp, firstStep, moduleMaster, ...catalog] = await db.batch([
    told.before,
    insertCompletions(db, viewer, now, moduleId, completedSections),
    told.after,
    recordModuleCompletion(db, viewer, now, moduleId),
    ...completionAwards(db, viewer, now, moduleId),
    ...catalogQueries(db, viewer, moduleId),
  ]);
  const state = requireOpenModule(moduleStates(viewer, catalog));
  requireAvailableLessons(state, completedSections);
  return { progress: progressEntry(state), awarded: toAwards(lessonXp, moduleXp, firstStep, moduleMaster) };
}
