import { and, eq } from 'drizzle-orm';
import { lessons, modules } from '#db/schema';
import type { LessonView, ModuleResponse, ModulesResponse } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { catalogQueries, moduleStates, requireOpenModule } from './catalog';
import { available, type Viewer } from './rules';

/** Every module with the viewer's unlock state and progress, in order. */
export async function listModules(ctx: ServiceCtx, { viewer }: { viewer: Viewer }): Promise<ModulesResponse> {
  const rows = await ctx.db.batch(catalogQueries(ctx.db, viewer));
  return { modules: moduleStates(viewer, rows).map((s) => s.summary) };
}

/**
 * One module with its lessons. Content and resources are read only for lessons the viewer
 * may open: premium content never leaves the database for a user without premium.
 */
export async function getModule(
  ctx: ServiceCtx,
  { viewer, moduleId }: { viewer: Viewer; moduleId: string },
): Promise<ModuleResponse> {
  const { db } = ctx;
  const [moduleRows, lessonRows, completions, contents] = await db.batch([
    ...catalogQueries(db, viewer, moduleId),
    db
      .select({ id: lessons.id, content: lessons.content, resources: lessons.resources })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(and(eq(lessons.moduleId, moduleId), available(viewer))),
  ]);
  const state = requireOpenModule(moduleStates(viewer, [moduleRows, lessonRows, completions]));
  const content = new Map(contents.map((c) => [c.id, c]));

  const lessonViews = state.lessons.map((l): LessonView => {
    const base = {
      id: l.id,
      moduleId: l.moduleId,
      title: l.title,
      description: l.description,
      order: l.order,
      type: l.type,
      isPremium: l.isPremium,
      duration: l.duration,
      completed: l.completed,
    };
    const readable = l.available ? content.get(l.id) : undefined;
    return readable
      ? { ...base, isLocked: false, content: readable.content, resources: readable.resources }
      : { ...base, isLocked: true };
  });
  const { lessons: _summaries, ...summary } = state.summary;
  return { module: { ...summary, completedSections: state.completedSections, lessons: lessonViews } };
}
