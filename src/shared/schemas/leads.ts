// zod/mini like every schema the browser parses (see common.ts).
import * as z from 'zod/mini';
import { validation } from '#shared/copy/validation';
import { firstNameSchema, singleLine } from '#shared/schemas/common';
import { leadFieldsSchema } from '#shared/schemas/leads/form';

/** Where consent can be given or withdrawn: the server records only these, never text a client makes up. */
export const CONSENT_SOURCES = [
  'landing_page',
  'guide_login',
  'account',
  'unsubscribe_link',
  'email_change',
  'spam_complaint',
  // A member import (docs/decisions/0052-member-import.md): the platform the consent was given on, dated there.
  'import:ghost',
  'import:kajabi',
  'import:plain',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/** The sign-up forms that post to /api/lead (the account page has its own, signed-in call). */
export const SIGNUP_SOURCES = ['landing_page', 'guide_login'] as const satisfies readonly ConsentSource[];

const utmValue = z.optional(z.string().check(z.trim(), z.maxLength(100), singleLine()));

/** A sign-up: the form's fields (leads/form.ts) and what the page adds. */
export const leadRequestSchema = z.extend(leadFieldsSchema, {
  firstName: z._default(firstNameSchema, ''),
  source: z._default(z.enum(SIGNUP_SOURCES, { error: validation.sourceUnknown }), 'landing_page'),
  sendMagicLink: z._default(z.boolean(), true),
  utm: z._default(z.object({ source: utmValue, medium: utmValue, campaign: utmValue }), {}),
});
export type LeadRequest = z.input<typeof leadRequestSchema>;
/**
 * The same for a new and a known address, and no ids: a lead's id never leaves the server.
 * `message` is said even when the mail has to wait in the queue (the lead is saved either way).
 */
export type LeadResponse = { ok: true; message: string };
