import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { emailChanges, lessonCompletions, users, type User } from '#db/schema';
import { hasActivePremium } from '#shared/premium';
import type { AccountResponse, ProfileUpdate } from '#shared/schemas/account';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { publicUser } from '#worker/features/auth/index';
import { statsQueries, toStreakResponse, viewerOf } from '#worker/features/guide/index';
import { consentHistory, consentStatus } from '#worker/features/privacy/index';

/**
 * The profile page's data: the user, their marketing consent, an address change waiting for its
 * link, and what deleting the account would lose. One round trip.
 */
export async function accountOverview(ctx: ServiceCtx, { user }: { user: User }): Promise<AccountResponse> {
  const { db } = ctx;
  const now = ctx.now();
  const [history, [pending], [lessons], ...stats] = await db.batch([
    consentHistory(db, user.email),
    db
      .select({ email: emailChanges.newEmail })
      .from(emailChanges)
      .where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date(now))))
      .orderBy(desc(emailChanges.createdAt))
      .limit(1),
    db.select({ n: count() }).from(lessonCompletions).where(eq(lessonCompletions.userId, user.id)),
    ...statsQueries(db, viewerOf(user, now)),
  ]);
  const { currentStreak, xp } = toStreakResponse(stats, now);
  return {
    user: publicUser(user),
    marketingConsent: consentStatus(history),
    pendingEmail: pending?.email ?? null,
    progress: { lessonsCompleted: lessons?.n ?? 0, currentStreak, xp },
  };
}

/** Changes the user's first name and depth level. One round trip. */
export async function updateProfile(ctx: ServiceCtx, { userId, patch }: { userId: string; patch: ProfileUpdate }) {
  const now = ctx.now();
  const [user] = await ctx.db
    .update(users)
    .set({ ...patch, lastModifiedAt: new Date(now) })
    .where(eq(users.id, userId))
    .returning();
  // The session found this user a moment ago; only a deletion in between gets here.
  if (!user) throw notFound();
  return publicUser({ ...user, isPremium: hasActivePremium(user, now) });
}
