import { count, eq, sql } from 'drizzle-orm';
import { guideActions, lessonCompletions, moduleCompletions, streaks, users, xpAwards, type User } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { sendMagicLink } from '#worker/features/auth/index';
import { checkpointAfterErasure, erasureStatements } from '#worker/features/privacy/index';
import { AppError } from '#worker/errors';
import { snapshotDetails } from '#worker/audit';
import { auditedUsers, userNotFound, type TargetUser } from './admin-user';
import { checkOwnerRules } from './owner-rules';

type Target = { actorId: string; userId: string };
/** A user the route has already looked up (`targetUser`), alongside the session. */
type OnUser = { actorId: string; user: TargetUser };

/**
 * What a user's progress is made of. Resetting deletes these rows. XP awards (achievements are
 * awards too) go with the lessons: each award is unique per user and key, so one left behind
 * could never be earned again after the reset.
 */
const PROGRESS = [
  { name: 'lessonCompletions', table: lessonCompletions, userId: lessonCompletions.userId },
  { name: 'moduleCompletions', table: moduleCompletions, userId: moduleCompletions.userId },
  { name: 'guideActions', table: guideActions, userId: guideActions.userId },
  { name: 'streaks', table: streaks, userId: streaks.userId },
  { name: 'xpAwards', table: xpAwards, userId: xpAwards.userId },
] as const;

/**
 * Clears a user's progress (completed lessons and modules, actions, streak, XP and achievements),
 * recording how much went. One round trip.
 */
export async function resetProgress(ctx: ServiceCtx, { actorId, userId }: Target): Promise<void> {
  const { db } = ctx;
  const removed = sql.join(
    PROGRESS.map((p) => sql`${p.name}, (${db.select({ n: count() }).from(p.table).where(eq(p.userId, userId))})`),
    sql`, `,
  );
  const [audit] = await db.batch([
    auditedUsers.audit(ctx, actorId, 'reset_progress', userId, sql`json_object('removed', json_object(${removed}))`),
    ...PROGRESS.map((p) => db.delete(p.table).where(eq(p.userId, userId))),
  ]);
  if (audit.rowsAffected === 0) throw userNotFound();
}

/** Mails the user a new sign-in link, recording it in the same round trip. */
export async function sendLoginLink(ctx: ServiceCtx<'mailQueued' | 'config'>, { actorId, user }: OnUser): Promise<void> {
  await sendMagicLink(ctx, {
    email: user.email,
    alsoRun: [auditedUsers.audit(ctx, actorId, 'send_login_link', user.id)],
  });
}

/**
 * Deletes the user and everything stored about them, through the one erasure service, with the
 * audit row in the same batch. The audit row keeps only ids, their role and whether they were
 * premium. Nobody deletes themselves here, and only an owner deletes an owner (never the last).
 */
export async function deleteUser(ctx: ServiceCtx<'config'>, { actor, user }: { actor: User; user: TargetUser }): Promise<void> {
  const actorId = actor.id;
  if (user.id === actorId) throw new AppError('cannot_delete_self', 403);
  checkOwnerRules(actor.role, user, { deleting: true });
  const [audit] = await ctx.db.batch([
    auditedUsers.audit(ctx, actorId, 'delete', user.id, snapshotDetails({ role: users.role, wasPremium: users.isPremium })),
    ...(await erasureStatements(ctx, { userId: user.id, email: user.email })),
  ]);
  // Deleted by someone else in the meantime.
  if (audit.rowsAffected === 0) throw userNotFound();
  checkpointAfterErasure(ctx.db);
}
