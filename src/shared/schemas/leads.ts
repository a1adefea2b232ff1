import { nb } from '#shared/copy/nb';
import { z } from '#shared/zod';
import { emailSchema } from './common';

const utmValue = z.string().trim().max(100).optional();

/** What the visitor fills in; the form validates exactly this before sending. */
export const leadFieldsSchema = z.object({
  email: emailSchema,
  consentMarketing: z.literal(true, { error: nb.validation.consentRequired }),
});

export const leadRequestSchema = leadFieldsSchema.extend({
  firstName: z.string().trim().max(80).default(''),
  source: z.string().trim().min(1).max(50).default('landing_page'),
  sendMagicLink: z.boolean().default(true),
  utm: z.object({ source: utmValue, medium: utmValue, campaign: utmValue }).default({}),
});
export type LeadRequest = z.input<typeof leadRequestSchema>;
