import { count, eq, sql, type SQL } from 'drizzle-orm';
import { lessonCompletions, streaks, users } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { sendMagicLink } from '#worker/features/auth/index';
import { eraseUser } from '#worker/features/privacy/index';
import { AppError } from '#worker/http/errors';
import { auditExistingStatement, snapshotDetails } from '../audit';
import { userNotFound } from './admin-user';

type Target = { actorId: string; userId: string };

/**
 * What a user's progress is made of. Resetting deletes these rows; the guide's XP and
 * achievement tables belong here as well once they exist.
 */
const PROGRESS = [
  { name: 'lessonCompletions', table: lessonCompletions, userId: lessonCompletions.userId },
  { name: 'streaks', table: streaks, userId: streaks.userId },
] as const;

/** Clears a user's progress (completed lessons, streak), recording how much went. One round trip. */
export async function resetProgress(ctx: ServiceCtx, { actorId, userId }: Target): Promise<void> {
  const { db } = ctx;
  const removed = sql.join(
    PROGRESS.map((p) => sql`${p.name}, (${db.select({ n: count() }).from(p.table).where(eq(p.userId, userId))})`),
    sql`, `,
  );
  const [audit] = await db.batch([
    auditExistingStatement(
      ctx,
      { actorId, action: 'user.reset_progress', targetType: 'user', targetId: userId },
      { table: users, idColumn: users.id, details: sql`json_object('removed', json_object(${removed}))` },
    ),
    ...PROGRESS.map((p) => db.delete(p.table).where(eq(p.userId, userId))),
  ]);
  if (audit.rowsAffected === 0) throw userNotFound();
}

/**
 * Looks up the user's address and records the action, in one batch: the record is written
 * only if the user exists. `details` may read the user's row (its values before the action).
 */
async function recordOnUser(ctx: ServiceCtx, { actorId, userId }: Target, action: string, details?: SQL) {
  const { db } = ctx;
  const [[user]] = await db.batch([
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    auditExistingStatement(ctx, { actorId, action, targetType: 'user', targetId: userId }, { table: users, idColumn: users.id, details }),
  ]);
  if (!user) throw userNotFound();
  return user;
}

/** Mails the user a new sign-in link; returns the address it went to. */
export async function sendLoginLink(ctx: ServiceCtx<'mailer' | 'config'>, target: Target): Promise<string> {
  const { email } = await recordOnUser(ctx, target, 'user.send_login_link');
  await sendMagicLink(ctx, { email });
  return email;
}

/**
 * Deletes the user and everything stored about them, through the one erasure service. The
 * audit row keeps only ids and whether they were an admin or premium. Nobody deletes themselves here.
 */
export async function deleteUser(ctx: ServiceCtx<'config'>, target: Target): Promise<void> {
  if (target.userId === target.actorId) throw new AppError('cannot_delete_self', 403);
  const { email } = await recordOnUser(
    ctx,
    target,
    'user.delete',
    snapshotDetails({ wasAdmin: users.isAdmin, wasPremium: users.isPremium }),
  );
  await eraseUser(ctx, { userId: target.userId, email });
}
