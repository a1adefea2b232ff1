import { sql } from 'drizzle-orm';
import { isUniqueViolation } from '#db/errors';
import { users } from '#db/schema';
import type { AdminUser, AdminUserPatch } from '#shared/schemas/admin/users';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { adminUser, auditedUsers } from './admin-user';

/** Every field an admin may change is one the audit log records: a new field fails to compile until it is listed. */
auditedUsers.fields satisfies Record<keyof AdminUserPatch, unknown>;

/**
 * Changes a user's fields and records the change, in one batch. Premium switched on by an admin
 * is the plan `admin_granted` without an end date (a running paid plan is kept; one that ended is replaced); switched off, the
 * plan ends. An admin cannot take away their own admin rights or deactivate themselves.
 */
export async function updateUser(
  ctx: ServiceCtx,
  input: { actorId: string; userId: string; patch: AdminUserPatch },
): Promise<AdminUser> {
  const { actorId, userId, patch } = input;
  if (userId === actorId && patch.isAdmin === false) throw new AppError('cannot_remove_own_admin', 403);
  if (userId === actorId && patch.isActive === false) throw new AppError('cannot_deactivate_self', 403);

  // Premium now by the one rule (hasActivePremium): a refunded or expired buyer switched on gets the admin's grant.
  const active = sql`(${users.isPremium} AND (${users.premiumEndDate} IS NULL OR ${users.premiumEndDate} > ${ctx.now()}))`;
  const premium =
    patch.isPremium === undefined
      ? {}
      : patch.isPremium
        ? {
            premiumPlan: sql`CASE WHEN ${active} THEN ${users.premiumPlan} ELSE 'admin_granted' END`,
            premiumEndDate: sql`CASE WHEN ${active} THEN ${users.premiumEndDate} ELSE NULL END`,
          }
        : { premiumPlan: null, premiumEndDate: null };

  try {
    return adminUser(await auditedUsers.update(ctx, { actorId, id: userId, set: { ...patch, ...premium } }));
  } catch (err) {
    if (isUniqueViolation(err, 'users.email')) throw new AppError('email_taken', 409);
    throw err;
  }
}
