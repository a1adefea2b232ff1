import { and, eq, gt, inArray } from 'drizzle-orm';
import { type magicLinkTokens, sessions, users, type User } from '#db/schema';
import { SESSION_TTL_DAYS } from '#shared/constants';
import { DAY, HOUR } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/http/errors';
import { randomToken, sha256 } from '#worker/platform/crypto';

const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY;
/** Sliding sessions are extended at most once an hour, so reads don't write on every call. */
const SESSION_SLIDE_AFTER_MS = HOUR;

export type SignInResult = { sessionToken: string; user: User; redirect: string | null };

/** Signs in the owner of a just-claimed link or code, creating the account on first login. */
export async function startSession(
  ctx: ServiceCtx<'config'>,
  { claimed }: { claimed: typeof magicLinkTokens.$inferSelect },
): Promise<SignInResult> {
  const now = new Date(ctx.now());
  const bootstrapAdmin = ctx.config.ADMIN_EMAILS.includes(claimed.email);
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
  return { sessionToken, user, redirect: claimed.redirect };
}

/**
 * The signed-in user behind a session token, sliding its expiry; null when absent, expired or disabled.
 * `renewed` says the expiry moved, so a cookie carrying the token should be re-issued.
 */
export async function userForSession(
  ctx: ServiceCtx,
  { token }: { token: string },
): Promise<{ user: User; tokenHash: string; renewed: boolean } | null> {
  const now = ctx.now();
  const tokenHash = await sha256(token);
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
export async function bootstrapAdmins(ctx: Pick<ServiceCtx, 'db'>, { emails }: { emails: string[] }): Promise<void> {
  if (emails.length === 0) return;
  await ctx.db.update(users).set({ isAdmin: true }).where(and(inArray(users.email, emails), eq(users.isAdmin, false)));
}

export async function endSession(ctx: Pick<ServiceCtx, 'db'>, { tokenHash }: { tokenHash: string }): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

