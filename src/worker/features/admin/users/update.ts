import { sql } from 'drizzle-orm';
import { isUniqueViolation } from '#db/errors';
import { users, type User } from '#db/schema';
import type { AdminUser, AdminUserPatch } from '#shared/schemas/admin/users';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { adminUser, auditedUsers, type TargetUser } from './admin-user';
import { checkOwnerRules } from './owner-rules';

/** Every field an admin may change is one the audit log records: a new field fails to compile until it is listed. */
auditedUsers.fields satisfies Record<keyof AdminUserPatch, unknown>;

/**
 * Changes a user's fields and records the change (a role's from and to among them), in one batch.
 * Premium switched on by an admin is the plan `admin_granted` without an end date (a running paid
 * plan is kept; one that ended is replaced); switched off, the plan ends. Nobody deactivates
 * themselves; roles and owners follow the owner's rules (`checkOwnerRules`). A role given here is
 * the owner's choice, no longer ADMIN_EMAILS', so leaving the list does not take it away.
 */
export async function updateUser(
  ctx: ServiceCtx,
  input: { actor: User; target: TargetUser; patch: AdminUserPatch },
): Promise<AdminUser> {
  const { actor, target, patch } = input;
  if (target.id === actor.id && patch.isActive === false) throw new AppError('cannot_deactivate_self', 403);
  checkOwnerRules(actor.role, target, { role: patch.role });

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
  const handGiven = patch.role === undefined ? {} : { adminFromConfig: false };

  try {
    return adminUser(
      await auditedUsers.update(ctx, { actorId: actor.id, id: target.id, set: { ...patch, ...premium, ...handGiven } }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'users.email')) throw new AppError('email_taken', 409);
    throw err;
  }
}
