import { eq, sql } from 'drizzle-orm';
import { automations, automationSends, cancellationReasons } from '#db/schema';
import type { AutomationMailRow } from '#db/schema/automations';
import { AUTOMATION_KINDS, CANCELLATION_REASONS } from '#db/schema/enums';
import { automationValidation as v, defaultAutomationMails } from '#shared/copy/admin/automations';
import type {
  Automation,
  AutomationInput,
  AutomationKind,
  AutomationList,
  CancellationReason,
} from '#shared/schemas/admin/automations';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { auditExistingStatement } from '#worker/audit';

/*
 * The automations as the admin edits them (docs/decisions/0056-mail-that-reacts.md): one row per
 * kind once saved, the defaults until then. A mail keeps its id through edits, so whoever had
 * it (automation_sends) never gets it again.
 */

/** The automations that send one mail at once when they trigger (no series, no delay). */
const SINGLE_MAIL: ReadonlySet<AutomationKind> = new Set(['abandoned_checkout', 'cancellation']);

type Row = typeof automations.$inferSelect;

/** The stored automations, each mail's sent count and the cancellation reasons' tally: three statements for a batch. */
// Each count is a range of an index (a mail's sends, a reason's answers), never a read of the whole table.
const DEFAULT_IDS = JSON.stringify(Object.values(defaultAutomationMails).flatMap((mails) => mails.map((m) => m.id)));
const readAll = (ctx: ServiceCtx) =>
  [
    ctx.db.select().from(automations),
    ctx.db.all<{ mailId: string; n: number }>(sql`
      SELECT m.id AS mailId, (SELECT count(*) FROM ${automationSends} w WHERE w.mail_id = m.id) AS n
      FROM (SELECT json_extract(j.value, '$.id') AS id FROM ${automations} a, json_each(a.mails) j
        UNION SELECT value FROM json_each(${DEFAULT_IDS})) m`),
    ctx.db.all<{ reason: CancellationReason; n: number }>(sql`
      SELECT r.value AS reason, (SELECT count(*) FROM ${cancellationReasons} c WHERE c.reason = r.value) AS n
      FROM json_each(${JSON.stringify(CANCELLATION_REASONS)}) r`),
  ] as const;

type Read = readonly [Row[], { mailId: string; n: number }[], { reason: CancellationReason; n: number }[]];

function toAutomations([rows, sent, reasons]: Read): Automation[] {
  const sentTo = new Map(sent.map((s) => [s.mailId, Number(s.n)]));
  return AUTOMATION_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const mails = row?.mails ?? defaultAutomationMails[kind];
    return {
      kind,
      enabled: row?.enabled ?? false,
      enabledAt: row?.enabledAt?.toISOString() ?? null,
      mails: mails.map((m) => ({ ...m, sent: sentTo.get(m.id) ?? 0 })),
      reasons:
        kind === 'cancellation' ? Object.fromEntries(reasons.filter((r) => r.n > 0).map((r) => [r.reason, Number(r.n)])) : {},
    };
  });
}

/** Every automation. One batch. */
export async function listAutomations(ctx: ServiceCtx): Promise<AutomationList> {
  return { automations: toAutomations(await ctx.db.batch(readAll(ctx))) };
}

const pick = (list: Automation[], kind: AutomationKind) => list.find((a) => a.kind === kind)!;

/** One automation. One batch. */
export async function getAutomation(ctx: ServiceCtx, kind: AutomationKind): Promise<Automation> {
  return pick((await listAutomations(ctx)).automations, kind);
}

/**
 * Switches an automation on or off and replaces its mails (a mail sent with its `id` keeps it,
 * and so who has had it). Switching on stamps `enabledAt`: only what happens from then on
 * triggers it. The write, its audit row and the automation after it are one batch.
 */
export async function updateAutomation(
  ctx: ServiceCtx,
  input: { actorId: string; kind: AutomationKind; automation: AutomationInput },
): Promise<Automation> {
  const { db } = ctx;
  const { kind, automation } = input;
  if (SINGLE_MAIL.has(kind) && (automation.mails.length !== 1 || automation.mails[0]!.delayDays !== 0)) {
    throw new AppError('validation_error', 400, v.singleMail);
  }
  const mails: AutomationMailRow[] = automation.mails.map(({ id, ...m }) => ({ id: id ?? crypto.randomUUID(), ...m }));
  const now = ctx.now();
  const [, , ...read] = await db.batch([
    db.run(sql`
      INSERT INTO ${automations} (kind, enabled, enabled_at, mails, updated_at)
      VALUES (${kind}, ${automation.enabled ? 1 : 0}, ${automation.enabled ? now : null}, ${JSON.stringify(mails)}, ${now})
      ON CONFLICT (kind) DO UPDATE SET
        enabled = excluded.enabled,
        -- Kept while it stays on; stamped anew when it is switched on again.
        enabled_at = CASE WHEN excluded.enabled = 0 THEN ${automations.enabledAt}
          WHEN ${automations.enabled} = 1 THEN ${automations.enabledAt} ELSE excluded.enabled_at END,
        mails = excluded.mails, updated_at = excluded.updated_at`),
    auditExistingStatement(
      ctx,
      { actorId: input.actorId, action: 'automation.update', targetType: 'automation', targetId: kind },
      {
        table: automations,
        idColumn: automations.kind,
        details: sql`json_object('enabled', json(${automation.enabled ? 'true' : 'false'}), 'mails', ${mails.length})`,
      },
    ),
    ...readAll(ctx),
  ]);
  return pick(toAutomations(read), kind);
}

/** An automation's row as the job reads it: on, since when, and its mails. */
export const enabledAutomations = (ctx: Pick<ServiceCtx, 'db'>) =>
  ctx.db.select().from(automations).where(eq(automations.enabled, true));
