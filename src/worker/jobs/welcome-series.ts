import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { welcomeSends, welcomeSteps } from '#db/schema';
import { DAY } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { trackLinks } from '#worker/features/clicks/index';
import { markdownDraft } from '#worker/emails/markdown';
import { consentGranted, marketingMailsStatement } from '#worker/features/privacy/index';
import { nextTurn } from '#worker/platform/next-turn';

/** A step is sent at most this long after it came due (a late confirmation, a server that was down); after that it is skipped. */
export const CATCH_UP_MS = 7 * DAY;
/** A step added later goes to leads for whom it comes due from a day before it was added on, not to everyone who signed up before. */
export const NEW_STEP_GRACE_MS = DAY;
/** Mails per statement: a statement stays short at 100 000 leads, so requests between them are not kept waiting. */
const MAILS_PER_BATCH = 500;
/** A run stops starting batches after this long; the next run goes on where it stopped. */
const RUN_BUDGET_MS = 2000;

export type WelcomeSeriesResult = { queued: number; batches: number };

/**
 * Sends the welcome series: each step to each lead whose sign-up plus the step's delay has
 * passed, whose consent stands granted, and who has not had it — `welcome_sends` holds one row
 * per (step, address), written in the same batch as the queued mails, so no rerun, edit or
 * reorder sends a step twice. Bounded: a lead is a candidate only while a step is due within
 * CATCH_UP_MS (found by the sign-up index), and at most MAILS_PER_BATCH mails per batch.
 */
export async function runWelcomeSeries(ctx: ServiceCtx<'config'>, at: number): Promise<WelcomeSeriesResult> {
  const { db } = ctx;
  const started = Date.now();
  let queued = 0;
  let batches = 0;
  while (Date.now() - started < RUN_BUDGET_MS) {
    const [steps, due] = await db.batch([
      db.select().from(welcomeSteps),
      db.all<{ stepId: string; email: string }>(sql`
        SELECT s.id AS stepId, l.email AS email
        FROM welcome_steps s
        JOIN leads l
          ON l.created_at >= max(s.created_at - ${NEW_STEP_GRACE_MS}, ${at - CATCH_UP_MS}) - s.delay_days * ${DAY}
         AND l.created_at <= ${at} - s.delay_days * ${DAY}
        WHERE NOT EXISTS (SELECT 1 FROM welcome_sends w WHERE w.step_id = s.id AND w.email = l.email)
          AND ${consentGranted(sql`l.email`)}
        ORDER BY l.created_at
        LIMIT ${MAILS_PER_BATCH}`),
    ]);
    if (due.length === 0) break;
    batches++;
    const work: BatchItem<'sqlite'>[] = [];
    for (const step of steps) {
      const emails = due.filter((d) => d.stepId === step.id).map((d) => d.email);
      if (emails.length === 0) continue;
      work.push(
        ...(await marketingMailsStatement(ctx, {
          draft: await trackLinks(ctx.config, markdownDraft(step, ctx.config.PUBLIC_URL), { kind: 'welcome', mailId: step.id }),
          recipients: emails.map((to) => ({ to, dedupeKey: `welcome:${step.id}:${to}` })),
          now: at,
        })),
        db.run(sql`
          INSERT INTO ${welcomeSends} (step_id, email, sent_at)
          SELECT ${step.id}, r.value, ${at} FROM json_each(${JSON.stringify(emails)}) AS r
          WHERE ${consentGranted(sql`r.value`)}
          ON CONFLICT DO NOTHING`),
      );
      queued += emails.length;
    }
    await db.batch(work as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    if (due.length < MAILS_PER_BATCH) break;
    // A turn of the event loop between batches, so waiting requests get in (see module-stats.ts).
    await nextTurn();
  }
  return { queued, batches };
}
