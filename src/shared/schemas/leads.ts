import { nb } from '#shared/copy/nb';
import { z } from '#shared/zod';
import { emailSchema, firstNameSchema } from './common';

/** Where consent can be given: the server records only these, never text a client makes up. */
export const CONSENT_SOURCES = ['landing_page', 'guide_login', 'account'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/** The sign-up forms that post to /api/lead (the account page has its own, signed-in call). */
const SIGNUP_SOURCES = ['landing_page', 'guide_login'] as const satisfies readonly ConsentSource[];

const utmValue = z.string().trim().max(100).optional();

/** What the visitor fills in; the form validates exactly this before sending. */
export const leadFieldsSchema = z.object({
  email: emailSchema,
  consentMarketing: z.literal(true, { error: nb.validation.consentRequired }),
});

export const leadRequestSchema = leadFieldsSchema.extend({
  firstName: firstNameSchema.default(''),
  source: z.enum(SIGNUP_SOURCES, { error: nb.validation.sourceUnknown }).default('landing_page'),
  sendMagicLink: z.boolean().default(true),
  utm: z.object({ source: utmValue, medium: utmValue, campaign: utmValue }).default({}),
});
export type LeadRequest = z.input<typeof leadRequestSchema>;
