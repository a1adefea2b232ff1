// zod/mini: the landing's lead form and the login form validate in the browser with these, at a
// few KB instead of zod's full API. Mini and full zod schemas nest in each other (one core).
import * as z from 'zod/mini';
import { validation } from '#shared/copy/validation';

export const emailSchema = z.pipe(
  z.string({ error: validation.emailInvalid }).check(z.trim(), z.toLowerCase(), z.maxLength(254, validation.emailInvalid)),
  z.email({ error: validation.emailInvalid }),
);

/** A path on this site (`/guide`), never another host (`//evil.example`, `/\\evil.example`, `https://…`). */
const SAME_SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** The value if it is a same-site path to send someone to, else undefined (for redirect query parameters). */
export const sameSitePath = (value: string | null | undefined): string | undefined =>
  value && value.length <= 500 && SAME_SITE_PATH.test(value) ? value : undefined;

/** A same-site path to return to after login; anything else is dropped, never followed. */
export const returnToSchema = z.catch(z.optional(z.string().check(z.maxLength(500), z.regex(SAME_SITE_PATH))), undefined);
