// zod/mini like every schema the browser parses: the profile page validates with these (see common.ts).
import * as z from 'zod/mini';
import { DEPTH_LEVELS } from '#db/schema/enums';
import { validation } from '#shared/copy/validation';
import type { PublicUser } from '#shared/schemas/auth';
import { emailSchema, firstNameSchema, singleLine } from '#shared/schemas/common';

/** What the profile page changes at once: any of first name and depth level (the address goes by e-mail link). */
export const profileUpdateSchema = z
  .strictObject({
    firstName: z.optional(firstNameSchema),
    depthLevel: z.optional(z.enum(DEPTH_LEVELS, { error: validation.depthLevelInvalid })),
  })
  .check(z.refine((patch) => Object.values(patch).some((v) => v !== undefined), { error: validation.nothingToSave }));
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** A new address for the account: a link goes to it, and the address changes when it is used. */
export const emailChangeRequestSchema = z.object({ email: emailSchema });

const linkToken = (message: string) =>
  z.string({ error: message }).check(z.minLength(1, message), z.maxLength(600, message), singleLine());

export const emailChangeConfirmSchema = z.object({ token: linkToken(validation.linkTokenMissing) });

/** Marketing e-mail on or off, from the profile page. */
export const consentUpdateSchema = z.object({ marketing: z.boolean({ error: validation.consentChoiceInvalid }) });

/** An unsubscribe link's query: the signed token naming the address. */
export const unsubscribeQuerySchema = z.object({ token: linkToken(validation.linkTokenMissing) });

/** Where an address stands with marketing e-mail: asked and not confirmed is `pending`. */
export type MarketingConsent = 'none' | 'pending' | 'granted' | 'withdrawn';

/** GET /api/account: the user, their marketing consent, a pending address change, and what deleting would lose. */
export type AccountResponse = {
  user: PublicUser;
  marketingConsent: MarketingConsent;
  /** The address a change link was sent to and not yet used (within its validity), else null. */
  pendingEmail: string | null;
  progress: { lessonsCompleted: number; currentStreak: number; xp: number };
};

/** GET /api/unsubscribe: the address the link names, and whether it gets marketing e-mail now. */
export type UnsubscribeInfo = { email: string; subscribed: boolean };

/** Every row stored about a user, by table name: the admin's export and the user's own download. */
export type UserExport = {
  exportedAt: string;
  userId: string;
  tables: Record<string, Record<string, unknown>[]>;
};

/** `user-data-{id}-{timestamp}.json`, the product's name for an export (timestamp in epoch ms). */
export const exportFileName = (userId: string, timestamp: number) => `user-data-${userId}-${timestamp}.json`;
