import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { lessonCompletions, lessons, modules } from '#db/schema';
import type { LessonSummary, ModuleFields, ModuleSummary, ProgressEntry } from '#shared/schemas/guide';
import { AppError } from '#worker/errors';
import { published } from './published';
import { available, completedOnce, unlocked, type Viewer } from './rules';

/**
 * The reads behind every guide answer, as statements for the request's one batch: the modules
 * (with `unlocked` from the shared rule), the lessons' metadata (never their content) with
 * `available`, and the viewer's completions. `moduleId` narrows all three to one module. Drafts
 * and scheduled rows not yet due are left out for everyone but admins (published.ts).
 */
export function catalogQueries(db: Db, v: Viewer, moduleId?: string | SQL) {
  return [
    db
      .select({
        id: modules.id,
        order: modules.order,
        title: modules.title,
        description: modules.description,
        icon: modules.icon,
        color: modules.color,
        isPremium: modules.isPremium,
        difficulty: modules.difficulty,
        unlocked: sql`${unlocked(v)}`.mapWith(Boolean),
        completed: sql`${completedOnce(v, 'modules')}`.mapWith(Boolean),
      })
      .from(modules)
      .where(and(published(v, 'modules'), moduleId === undefined ? undefined : eq(modules.id, moduleId)))
      .orderBy(asc(modules.order), asc(modules.id)),
    db
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        title: lessons.title,
        description: lessons.description,
        order: lessons.order,
        type: lessons.type,
        isPremium: lessons.isPremium,
        duration: lessons.duration,
        available: sql`${available(v)}`.mapWith(Boolean),
      })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(
        and(
          published(v, 'lessons'),
          published(v, 'modules'),
          moduleId === undefined ? undefined : eq(lessons.moduleId, moduleId),
        ),
      )
      .orderBy(asc(lessons.order), asc(lessons.id)),
    db
      .select({ lessonId: lessonCompletions.lessonId, moduleId: lessonCompletions.moduleId })
      .from(lessonCompletions)
      .where(
        and(
          eq(lessonCompletions.userId, v.userId),
          moduleId === undefined ? undefined : eq(lessonCompletions.moduleId, moduleId),
        ),
      ),
  ] as const;
}

type ModuleRow = ModuleFields & { unlocked: boolean; completed: boolean };
type LessonRow = Omit<LessonSummary, 'isLocked' | 'completed'> & { moduleId: string; description: string; available: boolean };
type CatalogRows = readonly [ModuleRow[], LessonRow[], { lessonId: string; moduleId: string }[]];

/** Completed available lessons over available lessons, rounded, at most 100; 0 when nothing is available (progress.test.ts). */
function completionPercentage(completedAvailable: number, availableCount: number): number {
  if (availableCount === 0) return 0;
  return Math.min(100, Math.round((completedAvailable / availableCount) * 100));
}

export type ModuleState = {
  module: ModuleRow;
  summary: ModuleSummary;
  lessons: (LessonRow & { completed: boolean })[];
  completedSections: string[];
};

/** Joins the catalog rows into one state per module, in module order. */
export function moduleStates(v: Viewer, [moduleRows, lessonRows, completions]: CatalogRows): ModuleState[] {
  const done = new Set(completions.map((c) => c.lessonId));
  return moduleRows.map((module) => {
    const own = lessonRows.filter((l) => l.moduleId === module.id).map((l) => ({ ...l, completed: done.has(l.id) }));
    const availableLessons = own.filter((l) => l.available);
    const completedCount = availableLessons.filter((l) => l.completed).length;
    const summary: ModuleSummary = {
      ...module,
      isPremiumRequired: module.isPremium && !v.fullAccess,
      progress: completionPercentage(completedCount, availableLessons.length),
      lessonCount: own.length,
      duration: own.reduce((sum, l) => sum + (l.duration ?? 0), 0),
      availableLessonCount: availableLessons.length,
      completedCount,
      lessons: own.map(({ id, title, order, type, isPremium, duration, available, completed }) => ({
        id,
        title,
        order,
        type,
        isPremium,
        duration,
        isLocked: !available,
        completed,
      })),
    };
    return { module, summary, lessons: own, completedSections: own.filter((l) => l.completed).map((l) => l.id) };
  });
}

export const progressEntry = (state: ModuleState): ProgressEntry => ({
  moduleId: state.module.id,
  completedSections: state.completedSections,
  completionPercentage: state.summary.progress,
});

/**
 * The one module a request names, or the reason it may not be used: unknown (404), premium
 * for a user without premium (403 premium_required, which the page turns into /premium), or
 * still locked (403 module_locked).
 */
export function requireOpenModule(states: ModuleState[]): ModuleState {
  const state = states[0];
  if (!state) throw new AppError('module_not_found', 404);
  if (state.summary.isPremiumRequired) throw new AppError('premium_required', 403);
  if (!state.module.unlocked) throw new AppError('module_locked', 403);
  return state;
}

/** Every id must be a lesson of the module that the viewer may complete (400 otherwise). */
export function requireAvailableLessons(state: ModuleState, ids: readonly string[]): void {
  const availableIds = new Set(state.lessons.filter((l) => l.available).map((l) => l.id));
  if (ids.some((id) => !availableIds.has(id))) throw new AppError('invalid_lesson', 400);
}
