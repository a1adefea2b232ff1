// zod/mini, so the form checks exactly the server's rules for a few KB (see common.ts).
import * as z from 'zod/mini';
import { validation } from '#shared/copy/validation';
import { emailSchema } from '#shared/schemas/common';

/**
 * What the visitor fills in on the landing's lead form; the form validates exactly this before
 * sending, the server as part of the request (leads.ts). A module of its own, so the browser
 * loads these rules and not the rest of the lead and event API's. Accepting vilkår and
 * personvern is required; e-mail with tips and offers is a separate choice, off unless ticked
 * (the free guide never depends on it: GDPR art. 7(4), markedsføringsloven § 15).
 */
export const leadFieldsSchema = z.object({
  email: emailSchema,
  acceptTerms: z.literal(true, { error: validation.consentRequired }),
  consentMarketing: z._default(z.boolean(), false),
});

/** The form's field names, as its inputs carry them. */
export type LeadField = keyof z.infer<typeof leadFieldsSchema>;

/** A ticked checkbox: the form's own value, or the browser's default `on` for one without. */
const ticked = (value: unknown) => value === 'true' || value === 'on';

/**
 * The lead form's fields as `leadFieldsSchema` reads them, from whatever holds the posted form
 * (FormData in the island, the parsed body in the no-JavaScript route): the one place a field is
 * mapped, so one added to the form reaches both ways of sending it.
 */
export function leadFromForm(field: (name: LeadField) => unknown) {
  const email = field('email');
  return {
    email: typeof email === 'string' ? email : '',
    acceptTerms: ticked(field('acceptTerms')),
    consentMarketing: ticked(field('consentMarketing')),
  };
}
