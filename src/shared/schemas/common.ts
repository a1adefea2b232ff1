// zod/mini: the landing's lead form and the login form validate in the browser with these, at a
// few KB instead of zod's full API. Mini and full zod schemas nest in each other (one core).
import * as z from 'zod/mini';
import { textValidation, validation } from '#shared/copy/validation';
import { SAME_SITE_PATH } from '#shared/paths';

/** Control characters (C0, DEL, C1): a NUL cut stored text short; the others hide text or garble mail and logs. */
const CONTROL = /\p{Cc}/u;
/** The same, less tab and line breaks (LF, and CR of a CR LF), which long text keeps. */
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

/** A one-line text field: no control character at all (tab and line breaks included). */
export const singleLine = () => z.refine<string>((s) => !CONTROL.test(s), { error: textValidation.singleLine });
/** A long text field (descriptions, lesson content, notes): tabs and line breaks, no other control character. */
export const multiLine = () => z.refine<string>((s) => !CONTROL_BUT_LINES.test(s), { error: textValidation.multiLine });

export const emailSchema = z.pipe(
  z.string({ error: validation.emailInvalid }).check(z.trim(), z.toLowerCase(), z.maxLength(254, validation.emailInvalid)),
  z.email({ error: validation.emailInvalid }),
);

/** One word of a name: letters of any script (æøå, é, ñ …) with their combining marks. */
const NAME_WORD = String.raw`\p{L}[\p{L}\p{M}]*`;
const NAME = new RegExp(`^(?:${NAME_WORD}(?:[ '’-]${NAME_WORD})*)?$`, 'u');

/**
 * A first name as people write them: words of letters joined by single spaces, hyphens or
 * apostrophes, at most 50 characters; empty means none given. Nothing else, so no sentence or
 * link can pass as a name.
 */
export const firstNameSchema = z
  .string({ error: validation.nameInvalid })
  .check(z.trim(), z.maxLength(50, validation.nameInvalid), z.regex(NAME, validation.nameInvalid));

/** A same-site path to go to after login; anything else is dropped, never followed. */
export const redirectSchema = z.catch(z.optional(z.string().check(z.maxLength(500), z.regex(SAME_SITE_PATH))), undefined);
