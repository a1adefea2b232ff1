/** Contracts of the admin's automations (/api/admin/automations) and the cancellation reason (/api/cancellation-reason). */
import * as z from 'zod/mini';
import { AUTOMATION_KINDS, CANCELLATION_REASONS } from '#db/schema/enums';
import { automationValidation as v } from '#shared/copy/admin/automations';
import { welcomeStepInputSchema } from '#shared/schemas/admin/welcome';
import { singleLine } from '#shared/schemas/common';

export type AutomationKind = (typeof AUTOMATION_KINDS)[number];
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const automationKindSchema = z.object({ kind: z.enum(AUTOMATION_KINDS, { error: v.unknownKind }) });

/** One mail as the admin writes it (the welcome series' fields); `id` keeps an existing mail's sends, none makes a new one. */
export const automationMailInputSchema = z.extend(welcomeStepInputSchema, {
  id: z.optional(z.string({ error: v.mailId }).check(z.minLength(1, v.mailId), z.maxLength(64, v.mailId), singleLine())),
});

/** PUT: switched on or off, and the whole list of mails (one for the single-mail automations, 1–10 for onboarding). */
export const automationInputSchema = z.strictObject({
  enabled: z.boolean({ error: v.enabled }),
  mails: z.array(automationMailInputSchema, { error: v.mailCount }).check(
    z.minLength(1, v.mailCount),
    z.maxLength(10, v.mailCount),
    z.refine((mails) => new Set(mails.flatMap((m) => (m.id ? [m.id] : []))).size === mails.filter((m) => m.id).length, {
      error: v.mailId,
    }),
  ),
});
export type AutomationInput = z.infer<typeof automationInputSchema>;

export type AutomationMail = { id: string; delayDays: number; subject: string; markdown: string; sent: number };
export type Automation = {
  kind: AutomationKind;
  enabled: boolean;
  /** When it was last switched on: only what happened since triggers it. */
  enabledAt: string | null;
  mails: AutomationMail[];
  /** The cancellation mail's answers so far, per reason (the other automations: empty). */
  reasons: Partial<Record<CancellationReason, number>>;
};
export type AutomationList = { automations: Automation[] };
export type AutomationResponse = { automation: Automation };

/** The one click in the cancellation mail: the signed token naming the subscription, and the reason. */
export const cancellationReasonSchema = z.strictObject({
  token: z.string({ error: v.badLink }).check(z.minLength(1, v.badLink), z.maxLength(300, v.badLink), singleLine()),
  reason: z.enum(CANCELLATION_REASONS, { error: v.badReason }),
});
export type CancellationReasonResponse = { recorded: true; reason: CancellationReason };
