import { eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '#db/errors';
import { users } from '#db/schema';
import type { AdminUser, AdminUserPatch } from '#shared/schemas/admin';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/http/errors';
import { auditExistingStatement, changeDetails, type AuditedField } from '../audit';
import { adminUser, userNotFound } from './admin-user';

/** The user fields an admin may change, as the audit log records them. */
const AUDITED: Record<keyof AdminUserPatch, AuditedField> = {
  firstName: { column: users.firstName, personal: true },
  email: { column: users.email, personal: true },
  phone: { column: users.phone, personal: true },
  adminNotes: { column: users.adminNotes, personal: true },
  isActive: { column: users.isActive },
  isPremium: { column: users.isPremium },
  isAdmin: { column: users.isAdmin },
  onboardingCompleted: { column: users.onboardingCompleted },
  depthLevel: { column: users.depthLevel },
};

/**
 * Changes a user's fields and records the change, in one batch. Premium switched on by an admin
 * is the plan `admin_granted` without an end date (a running paid plan is kept); switched off, the
 * plan ends. An admin cannot take away their own admin rights or deactivate themselves.
 */
export async function updateUser(
  ctx: ServiceCtx,
  input: { actorId: string; userId: string; patch: AdminUserPatch },
): Promise<AdminUser> {
  const { db } = ctx;
  const { actorId, userId, patch } = input;
  if (userId === actorId && patch.isAdmin === false) throw new AppError('cannot_remove_own_admin', 403);
  if (userId === actorId && patch.isActive === false) throw new AppError('cannot_deactivate_self', 403);

  const premium =
    patch.isPremium === undefined
      ? {}
      : patch.isPremium
        ? {
            premiumPlan: sql`CASE WHEN ${users.isPremium} THEN ${users.premiumPlan} ELSE 'admin_granted' END`,
            premiumEndDate: sql`CASE WHEN ${users.isPremium} THEN ${users.premiumEndDate} ELSE NULL END`,
          }
        : { premiumPlan: null, premiumEndDate: null };

  let updated: (typeof users.$inferSelect)[];
  try {
    [, updated] = await db.batch([
      auditExistingStatement(
        ctx,
        { actorId, action: 'user.update', targetType: 'user', targetId: userId },
        { table: users, idColumn: users.id, details: changeDetails(AUDITED, patch) },
      ),
      db
        .update(users)
        .set({ ...patch, ...premium, lastModifiedAt: new Date(ctx.now()) })
        .where(eq(users.id, userId))
        .returning(),
    ]);
  } catch (err) {
    if (isUniqueViolation(err, 'users.email')) throw new AppError('email_taken', 409);
    throw err;
  }
  const [user] = updated;
  if (!user) throw userNotFound();
  return adminUser(user);
}
