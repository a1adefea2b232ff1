import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { lessons, modules } from '#db/schema';
import { contentValidation as v } from '#shared/copy/admin/content';
import type { ReorderRequest } from '#shared/schemas/admin/content';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';

/**
 * Saves a new order of every module, or of every lesson of one module, in one batch: each row's
 * `order` becomes its place in the list (1, 2, 3 …). The update runs only when the list names
 * each row exactly once (a stale list, after another admin added a lesson, changes nothing and
 * is a 400), and the audit row records the new order. The rows read back say what happened.
 */
export async function reorderContent(
  ctx: ServiceCtx,
  { actorId, input }: { actorId: string; input: ReorderRequest },
): Promise<{ ids: string[] }> {
  const { db } = ctx;
  const ids = 'modules' in input ? input.modules : input.lessons;
  const json = JSON.stringify(ids);
  const place = (id: SQL) => sql`(SELECT j.key + 1 FROM json_each(${json}) j WHERE j.value = ${id})`;
  const exact = (rows: SQL) =>
    sql`(SELECT count(*) FROM ${rows}) = ${ids.length} AND (SELECT count(DISTINCT value) FROM json_each(${json})) = ${ids.length}
      AND NOT EXISTS (SELECT 1 FROM json_each(${json}) j WHERE j.value NOT IN (SELECT id FROM ${rows}))`;

  const audit = (action: string, targetId: string, rows: SQL) =>
    db.run(sql`INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, details, created_at)
      SELECT ${actorId}, ${action}, 'module', ${targetId}, json_object('order', json(${json})), ${ctx.now()} WHERE ${exact(rows)}`);

  if ('modules' in input) {
    const all = sql`(SELECT id FROM modules)`;
    const [, , rows] = await db.batch([
      audit('module.reorder', '*', all),
      db
        .update(modules)
        .set({ order: place(sql`${modules.id}`) })
        .where(exact(all)),
      db.select({ id: modules.id }).from(modules).orderBy(asc(modules.order), asc(modules.id)),
    ]);
    return answer(ids, rows);
  }
  const own = sql`(SELECT id FROM lessons WHERE module_id = ${input.moduleId})`;
  const [, , rows, module] = await db.batch([
    audit('lesson.reorder', input.moduleId, own),
    db
      .update(lessons)
      .set({ order: place(sql`${lessons.id}`) })
      .where(sql`${lessons.moduleId} = ${input.moduleId} AND ${exact(own)}`),
    db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.moduleId, input.moduleId))
      .orderBy(asc(lessons.order), asc(lessons.id)),
    db.select({ id: modules.id }).from(modules).where(eq(modules.id, input.moduleId)),
  ]);
  if (module.length === 0) throw notFound(v.moduleNotFound);
  return answer(ids, rows);
}

function answer(asked: string[], rows: { id: string }[]) {
  const saved = rows.map((r) => r.id);
  if (saved.join('\n') !== asked.join('\n')) throw new AppError('validation_error', 400, v.reorderInvalid);
  return { ids: saved };
}
