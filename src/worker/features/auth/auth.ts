import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { magicLinkTokens, sessions, users, type User } from '#db/schema';
import {
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_MAX_ATTEMPTS,
  MAGIC_LINK_TTL_MINUTES,
  SESSION_TTL_DAYS,
} from '#shared/constants';
import type { Db } from '#db';
import { magicLinkEmail } from '#worker/emails/magic-link';
import { AppError } from '#worker/http/errors';
import { randomDigits, randomToken, sha256 } from '#worker/platform/crypto';
import type { Mailer } from '#worker/platform/mailer/types';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY;
/** Sliding sessions are extended at most once an hour, so reads don't write on every call. */
const SESSION_SLIDE_AFTER_MS = 60 * MINUTE;

type AuthCtx = { db: Db; now: () => number };

export type SignInResult = { sessionToken: string; user: User; returnTo: string | null };

/**
 * Creates a single-use link (and a 6-digit code for another device) and mails it.
 * Answers the same whether or not the address has an account.
 */
export async function sendMagicLink(
  ctx: AuthCtx & { mailer: Mailer; publicUrl: string },
  input: { email: string; firstName?: string; returnTo?: string },
): Promise<void> {
  const token = randomToken();
  const code = randomDigits(LOGIN_CODE_LENGTH);
  const now = ctx.now();
  const [tokenHash, codeHash] = await Promise.all([sha256(token), sha256(`${input.email}:${code}`)]);

  await ctx.db.batch([
    // An older unused link stays valid until it expires; its code does not, so only one code is guessable.
    ctx.db
      .update(magicLinkTokens)
      .set({ codeAttempts: LOGIN_CODE_MAX_ATTEMPTS })
      .where(and(eq(magicLinkTokens.email, input.email), isNull(magicLinkTokens.usedAt))),
    ctx.db.insert(magicLinkTokens).values({
      tokenHash,
      email: input.email,
      firstName: input.firstName ?? '',
      codeHash,
      returnTo: input.returnTo ?? null,
      expiresAt: new Date(now + MAGIC_LINK_TTL_MINUTES * MINUTE),
    }),
  ]);

  const link = `${ctx.publicUrl}/guide/auth?token=${encodeURIComponent(token)}`;
  const [existing] = await ctx.db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.email, input.email));
  try {
    await ctx.mailer.send(
      magicLinkEmail({ to: input.email, firstName: existing?.firstName || input.firstName || '', link, code }),
    );
  } catch (err) {
    console.error('Sending the magic-link e-mail failed:', err);
    throw new AppError('mail_failed', 503);
  }
}

/** Consumes a link token (once) and signs its owner in, creating the account on first login. */
export async function signInWithToken(ctx: AuthCtx & { adminEmails: string[] }, token: string): Promise<SignInResult> {
  const now = ctx.now();
  const tokenHash = await sha256(token);
  const [claimed] = await ctx.db
    .update(magicLinkTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(magicLinkTokens.tokenHash, tokenHash),
        isNull(magicLinkTokens.usedAt),
        gt(magicLinkTokens.expiresAt, new Date(now)),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await ctx.db
      .select({ usedAt: magicLinkTokens.usedAt })
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.tokenHash, tokenHash));
    throw row && !row.usedAt ? new AppError('expired_token', 400) : new AppError('invalid_token', 400);
  }
  return startSession(ctx, claimed);
}

/** Signs in with the 6-digit code from the newest link, for a device that did not get the e-mail. */
export async function signInWithCode(
  ctx: AuthCtx & { adminEmails: string[] },
  input: { email: string; code: string },
): Promise<SignInResult> {
  const now = new Date(ctx.now());
  const [latest] = await ctx.db
    .select()
    .from(magicLinkTokens)
    .where(
      and(
        eq(magicLinkTokens.email, input.email),
        isNull(magicLinkTokens.usedAt),
        gt(magicLinkTokens.expiresAt, now),
        lt(magicLinkTokens.codeAttempts, LOGIN_CODE_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(magicLinkTokens.createdAt))
    .limit(1);
  if (!latest) throw new AppError('invalid_code', 400);

  if ((await sha256(`${input.email}:${input.code}`)) !== latest.codeHash) {
    await ctx.db
      .update(magicLinkTokens)
      .set({ codeAttempts: sql`${magicLinkTokens.codeAttempts} + 1` })
      .where(eq(magicLinkTokens.tokenHash, latest.tokenHash));
    throw new AppError('invalid_code', 400);
  }
  const [claimed] = await ctx.db
    .update(magicLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(magicLinkTokens.tokenHash, latest.tokenHash), isNull(magicLinkTokens.usedAt)))
    .returning();
  if (!claimed) throw new AppError('invalid_code', 400);
  return startSession(ctx, claimed);
}

async function startSession(
  ctx: AuthCtx & { adminEmails: string[] },
  claimed: typeof magicLinkTokens.$inferSelect,
): Promise<SignInResult> {
  const now = new Date(ctx.now());
  const bootstrapAdmin = ctx.adminEmails.includes(claimed.email);
  const [user] = await ctx.db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: claimed.email,
      firstName: claimed.firstName,
      isAdmin: bootstrapAdmin,
      lastLogin: now,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        lastLogin: now,
        ...(bootstrapAdmin ? { isAdmin: true } : {}),
      },
    })
    .returning();
  if (!user) throw new AppError('internal_error', 500);
  if (!user.isActive) throw new AppError('account_disabled', 403);

  const sessionToken = randomToken();
  await ctx.db.insert(sessions).values({
    tokenHash: await sha256(sessionToken),
    userId: user.id,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    lastUsedAt: now,
  });
  return { sessionToken, user, returnTo: claimed.returnTo };
}

/**
 * The signed-in user behind a session token, sliding its expiry; null when absent, expired or disabled.
 * `renewed` says the expiry moved, so a cookie carrying the token should be re-issued.
 */
export async function userForSession(
  ctx: AuthCtx,
  sessionToken: string,
): Promise<{ user: User; tokenHash: string; renewed: boolean } | null> {
  const now = ctx.now();
  const tokenHash = await sha256(sessionToken);
  const [row] = await ctx.db
    .select({ user: users, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date(now))));
  if (!row || !row.user.isActive) return null;
  const renewed = now - row.lastUsedAt.getTime() > SESSION_SLIDE_AFTER_MS;
  if (renewed) {
    await ctx.db
      .update(sessions)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_MS) })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: row.user, tokenHash, renewed };
}

/** Makes the configured addresses administrators now, for accounts that already exist. */
export async function bootstrapAdmins(db: Db, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db.update(users).set({ isAdmin: true }).where(and(inArray(users.email, emails), eq(users.isAdmin, false)));
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** The user as the API shows it to themselves (no admin notes). */
export function publicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    phone: user.phone,
    isActive: user.isActive,
    isPremium: user.isPremium,
    isAdmin: user.isAdmin,
    onboardingCompleted: user.onboardingCompleted,
    depthLevel: user.depthLevel,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    lastModifiedAt: user.lastModifiedAt.toISOString(),
    premiumSubscription: user.premiumPlan
      ? { plan: user.premiumPlan, endDate: user.premiumEndDate?.toISOString() ?? null }
      : null,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;
