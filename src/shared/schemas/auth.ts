import { z } from '#shared/zod';
import { LOGIN_CODE_LENGTH } from '#shared/constants';
import { nb } from '#shared/copy/nb';
import { DEPTH_LEVELS, PREMIUM_PLANS } from '#db/schema/enums';
import { emailSchema, firstNameSchema, redirectSchema } from './common';

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  firstName: firstNameSchema.optional(),
  isAdminLogin: z.boolean().optional(),
  redirect: redirectSchema,
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

const isoDate = z.iso.datetime();

/** The signed-in user as the API shows them to themselves (never admin notes or token hashes). */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  isPremium: z.boolean(),
  isAdmin: z.boolean(),
  onboardingCompleted: z.boolean(),
  depthLevel: z.enum(DEPTH_LEVELS),
  lastLogin: isoDate.nullable(),
  createdAt: isoDate,
  lastModifiedAt: isoDate,
  premiumSubscription: z.object({ plan: z.enum(PREMIUM_PLANS), endDate: isoDate.nullable() }).nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What signing in answers: the session token for API clients (browsers get the cookie), the user, where to go next. */
export type SignInResponse = { sessionToken: string; user: PublicUser; redirectTo: string };
