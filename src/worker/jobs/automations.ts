/**
 * Sends the automations an admin switched on (docs/decisions/0056-mail-that-reacts.md): after a
 * purchase (the onboarding series, by days from the subscription's start), a checkout started
 * and not paid within an hour, and a cancellation (one mail with signed reason links). Each is
 * marketing mail: only to an address whose consent stands and that is not suppressed when the
 * batch runs, with its unsubscribe link and headers (`marketingMailsStatement`). `automation_sends`
 * holds one row per (mail, trigger), written in the batch that queues the mail, so nothing goes
 * twice. Only triggers since the automation was switched on count, and at most CATCH_UP_MS back,
 * each found by an index on its time (subscription_events (kind, at), payments (status, created_at)).
 */
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { automationSends } from '#db/schema';
import type { AutomationMailRow } from '#db/schema/automations';
import { reasonLinksMarkdown } from '#shared/copy/admin/automations';
import { PATHS } from '#shared/paths';
import type { AutomationKind } from '#shared/schemas/admin/automations';
import { DAY, HOUR } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { markdownDraft } from '#worker/emails/markdown';
import { enabledAutomations } from '#worker/features/admin/index';
import { reasonToken } from '#worker/features/cancellation-reasons/index';
import { consentGranted, marketingMailsStatement, notSuppressed } from '#worker/features/privacy/index';
import { nextTurn } from '#worker/platform/next-turn';

/** A mail is sent at most this long after it came due (a server that was down); after that it is skipped. */
export const CATCH_UP_MS = 7 * DAY;
/** A checkout counts as left once it is this old and unpaid. */
export const ABANDONED_AFTER_MS = HOUR;
/** …and is reminded of only within a day: a reminder a week later is no help. */
export const ABANDONED_WINDOW_MS = DAY;
/** Mails per batch: a statement stays short, so requests between them are not kept waiting. */
const MAILS_PER_BATCH = 500;
/** A run stops starting batches after this long; the next run goes on where it stopped. */
const RUN_BUDGET_MS = 2000;
/** Stands for each cancelled subscription's signed token in the reason links (letters only). */
const REASON_SLOT = 'REASONTOKENSLOT';

export type AutomationsResult = { queued: number; batches: number };
type Due = { kind: AutomationKind; mailId: string; triggerId: string; email: string };

/** Who is due which mail at `at`, not had it and consenting: one statement over every automation switched on. */
const dueSql = (at: number) => sql`
  WITH m AS (
    SELECT a.kind, coalesce(a.enabled_at, ${at}) AS since, json_extract(j.value, '$.id') AS mail_id,
      json_extract(j.value, '$.delayDays') * ${DAY} AS delay
    FROM automations a, json_each(a.mails) j WHERE a.enabled = 1
  ),
  due AS (
    -- The buyer, from their subscription's start plus the mail's delay; once per buyer (trigger: the user).
    SELECT m.kind, m.mail_id, s.user_id AS trigger_id, u.email
    FROM m JOIN subscription_events e ON e.kind = 'started'
      AND e.at >= max(m.since, ${at - CATCH_UP_MS} - m.delay) AND e.at <= ${at} - m.delay
    JOIN subscriptions s ON s.id = e.subscription_id
    JOIN users u ON u.id = s.user_id
    WHERE m.kind = 'onboarding' AND u.is_active = 1
    UNION ALL
    -- A checkout (a first payment, no subscription yet) unpaid after an hour, the buyer's latest,
    -- and nothing paid since it started, nor Premium now by any other way.
    SELECT m.kind, m.mail_id, p.id, u.email
    FROM m JOIN payments p ON p.status IN ('pending', 'expired', 'failed') AND p.subscription_id IS NULL
      AND p.created_at >= max(m.since, ${at - ABANDONED_WINDOW_MS}) AND p.created_at <= ${at - ABANDONED_AFTER_MS}
    JOIN users u ON u.id = p.user_id
    WHERE m.kind = 'abandoned_checkout' AND u.is_active = 1
      AND NOT EXISTS (SELECT 1 FROM payments q WHERE q.user_id = p.user_id AND q.id <> p.id
        AND (q.created_at > p.created_at OR q.paid_at >= p.created_at))
      AND NOT (u.is_premium = 1 AND (u.premium_end_date IS NULL OR u.premium_end_date > ${at}))
    UNION ALL
    -- A cancellation that still stands (not resumed); once per subscription.
    SELECT m.kind, m.mail_id, s.id, u.email
    FROM m JOIN subscription_events e ON e.kind = 'canceled' AND e.at >= max(m.since, ${at - CATCH_UP_MS}) AND e.at <= ${at}
    JOIN subscriptions s ON s.id = e.subscription_id AND s.cancel_at_period_end = 1
    JOIN users u ON u.id = s.user_id
    WHERE m.kind = 'cancellation' AND u.is_active = 1
  )
  SELECT DISTINCT d.kind AS kind, d.mail_id AS mailId, d.trigger_id AS triggerId, d.email AS email FROM due d
  WHERE NOT EXISTS (SELECT 1 FROM ${automationSends} w WHERE w.mail_id = d.mail_id AND w.trigger_id = d.trigger_id)
    AND ${consentGranted(sql`d.email`)} AND ${notSuppressed(sql`d.email`)}
  LIMIT ${MAILS_PER_BATCH}`;

/** One mail's statements for the batch: the mails (consent checked again as they are queued) and the send records. */
async function mailStatements(ctx: ServiceCtx<'config'>, mail: AutomationMailRow, due: Due[], at: number) {
  const { config } = ctx;
  const cancellation = due[0]!.kind === 'cancellation';
  const markdown = cancellation
    ? `${mail.markdown}\n\n${reasonLinksMarkdown(PATHS.cancellationReason, REASON_SLOT)}`
    : mail.markdown;
  const recipients = await Promise.all(
    due.map(async (d) => ({
      to: d.email,
      dedupeKey: `automation:${mail.id}:${d.triggerId}`,
      ...(cancellation && { slots: { [REASON_SLOT]: await reasonToken(config, d.triggerId) } }),
    })),
  );
  const rows = JSON.stringify(due.map((d) => ({ t: d.triggerId, e: d.email })));
  return [
    ...(await marketingMailsStatement(ctx, {
      draft: markdownDraft({ subject: mail.subject, markdown }, config.PUBLIC_URL),
      recipients,
      now: at,
      slots: cancellation ? [REASON_SLOT] : [],
    })),
    ctx.db.run(sql`
      INSERT INTO ${automationSends} (mail_id, trigger_id, kind, email, sent_at)
      SELECT ${mail.id}, json_extract(r.value, '$.t'), ${due[0]!.kind}, json_extract(r.value, '$.e'), ${at}
      -- The WHERE keeps SQLite from reading ON CONFLICT as a join's ON.
      FROM json_each(${rows}) AS r WHERE 1
      ON CONFLICT DO NOTHING`),
  ];
}

/** One run: batches of due mails until none is left or the run's time is up. */
export async function runAutomations(ctx: ServiceCtx<'config'>, at: number): Promise<AutomationsResult> {
  const { db } = ctx;
  const started = Date.now();
  let queued = 0;
  let batches = 0;
  while (Date.now() - started < RUN_BUDGET_MS) {
    const [enabled, due] = await db.batch([enabledAutomations(ctx), db.all<Due>(dueSql(at))]);
    if (due.length === 0) break;
    batches++;
    const work: BatchItem<'sqlite'>[] = [];
    for (const mail of enabled.flatMap((a) => a.mails)) {
      const mine = due.filter((d) => d.mailId === mail.id);
      if (mine.length > 0) work.push(...(await mailStatements(ctx, mail, mine, at)));
    }
    queued += work.length === 0 ? 0 : due.length;
    if (work.length === 0) break;
    await db.batch(work as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    if (due.length < MAILS_PER_BATCH) break;
    // A turn of the event loop between batches, so waiting requests get in (see module-stats.ts).
    await nextTurn();
  }
  return { queued, batches };
}
