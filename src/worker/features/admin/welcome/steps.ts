import { asc, count, eq, sql } from 'drizzle-orm';
import { welcomeSends, welcomeSteps } from '#db/schema';
import { welcomeValidation as v } from '#shared/copy/admin/welcome';
import type { WelcomeSeries, WelcomeStep, WelcomeStepInput } from '#shared/schemas/admin/welcome';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { auditExistingStatement } from '#worker/audit';
import { mailEffectColumns } from '#worker/features/clicks/index';

/*
 * The welcome series as the admin edits it. A step keeps its id through every edit and move:
 * `welcome_sends` is keyed by it, which is what keeps a step from going twice to anyone.
 */

const stepNotFound = () => notFound(v.stepNotFound);

/** Every step in order, with how many it was sent to, as a query for a batch. */
const seriesQuery = (ctx: ServiceCtx) =>
  ctx.db
    .select({
      id: welcomeSteps.id,
      position: welcomeSteps.position,
      delayDays: welcomeSteps.delayDays,
      subject: welcomeSteps.subject,
      markdown: welcomeSteps.markdown,
      sent: sql<number>`(SELECT ${count()} FROM ${welcomeSends} WHERE ${welcomeSends.stepId} = ${welcomeSteps.id})`,
      // Qualified by hand: a bare column would be read as the subqueries' own `id`.
      ...mailEffectColumns('welcome', sql`${welcomeSteps}.${sql.identifier('id')}`),
    })
    .from(welcomeSteps)
    .orderBy(asc(welcomeSteps.position), asc(welcomeSteps.createdAt));

const toSeries = (steps: WelcomeSeries['steps']): WelcomeSeries => ({
  steps: steps.map((s) => ({
    ...s,
    sent: Number(s.sent),
    clicks: Number(s.clicks),
    signups: Number(s.signups),
    purchases: Number(s.purchases),
  })),
});

/** The series. One statement. */
export async function listSteps(ctx: ServiceCtx): Promise<WelcomeSeries> {
  return toSeries(await seriesQuery(ctx));
}

const audit = (ctx: ServiceCtx, actorId: string, action: string, id: string) =>
  auditExistingStatement(
    ctx,
    { actorId, action: `welcome_step.${action}`, targetType: 'welcome_step', targetId: id },
    {
      table: welcomeSteps,
      idColumn: welcomeSteps.id,
    },
  );

/** Adds a step at the end of the series. One batch. */
export async function createStep(ctx: ServiceCtx, input: { actorId: string; step: WelcomeStepInput }): Promise<WelcomeStep> {
  const { db } = ctx;
  const id = crypto.randomUUID();
  const now = ctx.now();
  const [[row]] = await db.batch([
    db
      .insert(welcomeSteps)
      .values({
        id,
        ...input.step,
        position: sql`(SELECT coalesce(max(position), -1) + 1 FROM ${welcomeSteps})`,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning(),
    audit(ctx, input.actorId, 'create', id),
  ]);
  return { ...pick(row!), sent: 0 };
}

const pick = ({ id, position, delayDays, subject, markdown }: typeof welcomeSteps.$inferSelect) => ({
  id,
  position,
  delayDays,
  subject,
  markdown,
});

/** Changes a step's delay, subject and text; its id, so who has had it, stays. One batch. */
export async function updateStep(
  ctx: ServiceCtx,
  input: { actorId: string; id: string; step: WelcomeStepInput },
): Promise<WelcomeStep> {
  const { db } = ctx;
  const [, [row], [sent]] = await db.batch([
    audit(ctx, input.actorId, 'update', input.id),
    db
      .update(welcomeSteps)
      .set({ ...input.step, updatedAt: new Date(ctx.now()) })
      .where(eq(welcomeSteps.id, input.id))
      .returning(),
    db.select({ n: count() }).from(welcomeSends).where(eq(welcomeSends.stepId, input.id)),
  ]);
  if (!row) throw stepNotFound();
  return { ...pick(row), sent: sent?.n ?? 0 };
}

/** Removes a step: it goes to nobody more (its send records go with it). One batch. */
export async function deleteStep(ctx: ServiceCtx, input: { actorId: string; id: string }): Promise<void> {
  const { db } = ctx;
  const [, deleted] = await db.batch([
    audit(ctx, input.actorId, 'delete', input.id),
    db.delete(welcomeSteps).where(eq(welcomeSteps.id, input.id)).returning({ id: welcomeSteps.id }),
  ]);
  if (deleted.length === 0) throw stepNotFound();
}

/**
 * Puts the steps in the order of `ids`, which must name every step once; otherwise nothing
 * changes and the answer is 400. One batch: the guarded update, then the series.
 */
export async function reorderSteps(ctx: ServiceCtx, input: { actorId: string; ids: string[] }): Promise<WelcomeSeries> {
  const { db } = ctx;
  const ids = JSON.stringify(input.ids);
  const [, steps] = await db.batch([
    db.run(sql`
      UPDATE ${welcomeSteps}
      SET position = (SELECT o.key FROM json_each(${ids}) AS o WHERE o.value = ${welcomeSteps.id}), updated_at = ${ctx.now()}
      WHERE (SELECT count(*) FROM ${welcomeSteps}) = ${input.ids.length}
        AND (SELECT count(*) FROM ${welcomeSteps} WHERE id IN (SELECT value FROM json_each(${ids}))) = ${input.ids.length}`),
    seriesQuery(ctx),
  ]);
  if (steps.map((s) => s.id).join('\n') !== input.ids.join('\n')) throw new AppError('validation_error', 400, v.orderMismatch);
  return toSeries(steps);
}
