/** Contracts of the admin's site settings (/api/admin/settings). */
import * as z from 'zod/mini';
import { PLANS, PRICES_NOK } from '#shared/constants';
import { settingsValidation as v } from '#shared/copy/admin/settings';
import { multiLine, singleLine } from '#shared/schemas/common';
import { TRIAL_MAX_DAYS } from '#shared/trial';

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).check(z.int({ error: message }), z.minimum(min, message), z.maximum(max, message));

/** A lower first-period price of one plan for members younger than `days` days. */
export const welcomeOfferSchema = z
  .strictObject({
    plan: z.enum(PLANS, { error: v.planUnknown }),
    price: whole(v.priceWhole, 1, 1_000_000),
    days: whole(v.daysWhole, 1, 90),
  })
  .check(
    z.superRefine((o, ctx) => {
      // Below the list price, or it is no offer.
      if (o.price >= PRICES_NOK[o.plan]) {
        ctx.issues.push({ code: 'custom', path: ['price'], message: v.priceBelowList(PRICES_NOK[o.plan]), input: o.price });
      }
    }),
  );

/** The landing's founder section; empty name: hidden. */
export const founderSchema = z.strictObject({
  name: z.string().check(z.trim(), z.maxLength(80, v.nameTooLong), singleLine()),
  photoUrl: z
    .string()
    .check(z.trim(), z.maxLength(500, v.photoUrl), singleLine(), z.regex(/^(|https:\/\/\S+|\/\S*)$/, v.photoUrl)),
  text: z.string().check(z.trim(), z.maxLength(600, v.textTooLong), multiLine()),
});

/**
 * PUT /api/admin/settings: every setting at once (null: no welcome offer). `certificateRequiresQuizzes`
 * left out stays as it is (docs/decisions/0048-quizzes.md).
 */
export const siteSettingsSchema = z.strictObject({
  welcomeOffer: z.nullable(welcomeOfferSchema),
  founder: founderSchema,
  certificateRequiresQuizzes: z.optional(z.boolean({ error: v.onOff })),
  /** A free trial's days for new subscribers, 0–30 (0: none; docs/decisions/0060-free-trial.md). Left out: stays as it is. */
  trialDays: z.optional(whole(v.trialDays, 0, TRIAL_MAX_DAYS)),
});
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type SiteSettingsData = z.output<typeof siteSettingsSchema>;
/** GET and PUT /api/admin/settings answer with the settings as stored. */
export type SiteSettingsResponse = SiteSettingsData & { certificateRequiresQuizzes: boolean; trialDays: number };
