import { sql } from 'drizzle-orm';
import type { ActionRequest, ActionResponse } from '#shared/schemas/guide';
import type { ServiceCtx } from '#worker/context';
import { catalogQueries, moduleStates, requireAvailableLessons, requireOpenModule } from './catalog';
import { published } from './published';
import { available, moduleOpen, unlocked, type Viewer } from './rules';

/**
 * Records what the user did in a module, once per action and target. Guarded like progress:
 * only for an open module, and a lesson must be one of its lessons available to the viewer.
 */
export async function recordAction(
  ctx: ServiceCtx,
  { viewer: v, action }: { viewer: Viewer; action: ActionRequest },
): Promise<ActionResponse> {
  const { db } = ctx;
  const lessonId = action.actionType === 'lesson_completed' ? action.actionData.lessonId : null;
  const targetId = action.actionType === 'lesson_completed' ? action.actionData.lessonId : action.actionData.sectionId;
  const lessonOk = lessonId
    ? sql`EXISTS (SELECT 1 FROM lessons l WHERE l.id = ${lessonId} AND l.module_id = m.id AND ${available(v, 'l', 'm')})`
    : sql`true`;
  const [, ...catalog] = await db.batch([
    db.run(sql`
      INSERT INTO guide_actions (user_id, module_id, action_type, target_id, created_at)
      SELECT ${v.userId}, m.id, ${action.actionType}, ${targetId}, ${ctx.now()} FROM modules m
      WHERE m.id = ${action.moduleId} AND ${published(v, 'm')} AND ${moduleOpen(v, 'm')} AND ${unlocked(v, 'm')} AND ${lessonOk}
      ON CONFLICT DO NOTHING`),
    ...catalogQueries(db, v, action.moduleId),
  ]);
  const state = requireOpenModule(moduleStates(v, catalog));
  if (lessonId) requireAvailableLessons(state, [lessonId]);
  return { recorded: true };
}
