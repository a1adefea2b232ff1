import { z } from '#shared/zod';
import { LOGIN_CODE_LENGTH } from '#shared/constants';
import { nb } from '#shared/copy/index';
import { emailSchema, returnToSchema } from './common';

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  firstName: z.string().trim().max(80).optional(),
  isAdminLogin: z.boolean().optional(),
  returnTo: returnToSchema,
});
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

export const verifyQuerySchema = z.object({
  token: z
    .string({ error: nb.validation.tokenMissing })
    .min(1, nb.validation.tokenMissing)
    .max(200, nb.validation.tokenMissing),
});

export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: nb.validation.codeInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), nb.validation.codeInvalid),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeSchema>;
