// zod/mini like every schema the browser parses: the login form validates with these (see common.ts).
import * as z from 'zod/mini';
import { LOGIN_CODE_LENGTH } from '#shared/constants';
import { validation } from '#shared/copy/validation';
import { DEPTH_LEVELS, PREMIUM_PLANS, ROLES } from '#db/schema/enums';
import { emailSchema, firstNameSchema, redirectSchema, singleLine } from '#shared/schemas/common';

export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  firstName: z.optional(firstNameSchema),
  isAdminLogin: z.optional(z.boolean()),
  redirect: redirectSchema,
});

export const verifyQuerySchema = z.object({
  token: z
    .string({ error: validation.tokenMissing })
    .check(z.minLength(1, validation.tokenMissing), z.maxLength(200, validation.tokenMissing), singleLine()),
});

export const verifyCodeSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: validation.codeInvalid })
    .check(z.trim(), z.regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), validation.codeInvalid)),
});

/** What asking for a link answers: `requestId` names its mail for `GET /api/auth/magic-link/:requestId`. */
export type MagicLinkResponse = { message: string; requestId: string };
/** Where that mail is (the login page polls while it is `pending`). */
export type MagicLinkStatus = { status: 'pending' | 'sent' | 'failed' | 'cancelled' };

const isoDate = z.iso.datetime();

/** The signed-in user as the API shows them to themselves (never admin notes or token hashes). */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  phone: z.nullable(z.string()),
  isActive: z.boolean(),
  isPremium: z.boolean(),
  /** Their role in the admin (null: no staff); the admin shows what the role may use. */
  role: z.nullable(z.enum(ROLES)),
  onboardingCompleted: z.boolean(),
  depthLevel: z.enum(DEPTH_LEVELS),
  lastLogin: z.nullable(isoDate),
  createdAt: isoDate,
  lastModifiedAt: isoDate,
  premiumSubscription: z.nullable(z.object({ plan: z.enum(PREMIUM_PLANS), endDate: z.nullable(isoDate) })),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** What signing in answers: the session token for API clients (browsers get the cookie), the user, where to go next. */
export type SignInResponse = { sessionToken: string; user: PublicUser; redirectTo: string };
