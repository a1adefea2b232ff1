// zod/mini, so the form checks exactly the server's rules for a few KB (see common.ts).
import * as z from 'zod/mini';
import { validation } from '#shared/copy/validation';
import { emailSchema } from '#shared/schemas/common';

/**
 * What the visitor fills in on the landing's lead form; the form validates exactly this before
 * sending, the server as part of the request (leads.ts). A module of its own, so the browser
 * loads these rules and not the rest of the lead and event API's.
 */
export const leadFieldsSchema = z.object({
  email: emailSchema,
  consentMarketing: z.literal(true, { error: validation.consentRequired }),
});
