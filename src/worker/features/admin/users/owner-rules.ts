import type { Role } from '#db/schema/enums';
import { mayManageRoles } from '#shared/permissions';
import { AppError } from '#worker/errors';
import type { TargetUser } from './admin-user';

/**
 * What only an owner may do to a user, beyond what the permission table lets the route do: give
 * or take a role, and change or delete an owner at all. The last owner never loses the role (nor
 * the account), so the site always has someone who can give roles. `role` is the change asked
 * for (undefined: none), `deleting` says the user goes.
 */
export function checkOwnerRules(
  actorRole: Role | null,
  target: TargetUser,
  change: { role?: Role | null; deleting?: boolean },
): void {
  const changesRole = change.role !== undefined && change.role !== target.role;
  if ((changesRole || target.role === 'owner') && !mayManageRoles(actorRole)) throw new AppError('owner_only', 403);
  const demotesOwner = target.role === 'owner' && (change.deleting || (changesRole && change.role !== 'owner'));
  if (demotesOwner && target.owners <= 1) throw new AppError('last_owner', 409);
}
