// zod/mini like every schema the browser parses: the login form validates with these (see common.ts).
import * as z from 'zod/mini';
import { LOGIN_CODE_LENGTH } from '#shared/constants';
import { validation } from '#shared/copy/validation';
import { emailSchema, returnToSchema } from './common';

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  firstName: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  isAdminLogin: z.optional(z.boolean()),
  returnTo: returnToSchema,
});
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

export const verifyQuerySchema = z.object({
  token: z
    .string({ error: validation.tokenMissing })
    .check(z.minLength(1, validation.tokenMissing), z.maxLength(200, validation.tokenMissing)),
});

export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: validation.codeInvalid })
    .check(z.trim(), z.regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), validation.codeInvalid)),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeSchema>;
