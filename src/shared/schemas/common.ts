import { z } from '#shared/zod';
import { nb } from '#shared/copy/nb';

export const emailSchema = z
  .string({ error: nb.validation.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, nb.validation.emailInvalid)
  .pipe(z.email({ error: nb.validation.emailInvalid }));

/** One word of a name: letters of any script (æøå, é, ñ …) with their combining marks. */
const NAME_WORD = String.raw`\p{L}[\p{L}\p{M}]*`;
const NAME = new RegExp(`^(?:${NAME_WORD}(?:[ '’-]${NAME_WORD})*)?$`, 'u');

/**
 * A first name as people write them: words of letters joined by single spaces, hyphens or
 * apostrophes, at most 50 characters; empty means none given. Nothing else, so no sentence or
 * link can pass as a name.
 */
export const firstNameSchema = z
  .string({ error: nb.validation.nameInvalid })
  .trim()
  .max(50, nb.validation.nameInvalid)
  .regex(NAME, nb.validation.nameInvalid);

/** A path on this site (`/guide`), never another host (`//evil.example`, `/\\evil.example`, `https://…`). */
const SAME_SITE_PATH = /^\/(?![/\\])[^\s]*$/;

/** The value if it is a same-site path to send someone to, else undefined (for redirect query parameters). */
export const sameSitePath = (value: string | null | undefined): string | undefined =>
  value && value.length <= 500 && SAME_SITE_PATH.test(value) ? value : undefined;

/** A same-site path to go to after login; anything else is dropped, never followed. */
export const redirectSchema = z.string().max(500).regex(SAME_SITE_PATH).optional().catch(undefined);
