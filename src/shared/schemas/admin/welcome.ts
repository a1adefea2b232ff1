/** Contracts of the welcome series' admin API (/api/admin/welcome-series). */
import * as z from 'zod/mini';
import { welcomeValidation as v } from '#shared/copy/admin/welcome';
import { multiLine, singleLine } from '#shared/schemas/common';
import type { MailEffect } from './mail-effect';

const text = (max: number, message: string, check: typeof singleLine) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, v.tooLong(max)), check());

/** One mail of the series as the admin writes it. */
export const welcomeStepInputSchema = z.strictObject({
  delayDays: z
    .number({ error: v.delayDays })
    .check(z.int({ error: v.delayDays }), z.minimum(0, v.delayDays), z.maximum(365, v.delayDays)),
  subject: text(150, v.subjectRequired, singleLine),
  markdown: text(20_000, v.markdownRequired, multiLine),
});
export type WelcomeStepInput = z.infer<typeof welcomeStepInputSchema>;

/** A test send of a step as it stands in the editor, saved or not: its subject and Markdown. */
export const welcomeTestSchema = z.pick(welcomeStepInputSchema, { subject: true, markdown: true });

/** The series' new order: every step's id, once each. */
export const welcomeOrderSchema = z.strictObject({
  ids: z
    .array(
      z.string({ error: v.orderMismatch }).check(z.minLength(1, v.orderMismatch), z.maxLength(64, v.orderMismatch), singleLine()),
      {
        error: v.orderMismatch,
      },
    )
    .check(
      z.maxLength(100, v.orderMismatch),
      z.refine((ids) => new Set(ids).size === ids.length, { error: v.orderMismatch }),
    ),
});

export type WelcomeStep = WelcomeStepInput & { id: string; position: number; sent: number };
/** The series, each step with what its mail did (clicks on its links, sign-ups, purchases after them). */
export type WelcomeSeries = { steps: (WelcomeStep & MailEffect)[] };
