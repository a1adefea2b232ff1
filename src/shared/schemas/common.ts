import { z } from '../zod';
import { nb } from '../nb';

export const emailSchema = z
  .string({ error: nb.validation.emailInvalid })
  .trim()
  .toLowerCase()
  .max(254, nb.validation.emailInvalid)
  .pipe(z.email({ error: nb.validation.emailInvalid }));

/** A same-site path to return to after login; anything else is dropped, never followed. */
export const returnToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .optional()
  .catch(undefined);
