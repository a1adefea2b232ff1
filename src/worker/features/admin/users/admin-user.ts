import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { users, type User } from '#db/schema';
import { adminUsers } from '#shared/copy/admin/users';
import type { AdminUser } from '#shared/schemas/admin/users';
import { publicUser } from '#worker/features/auth/index';
import type { AppEnv } from '#worker/context';
import { notFound } from '#worker/errors';
import { sessionWith } from '#worker/features/auth/index';
import { auditedRows } from '../audited-rows';

/** A user as the admin sees them: what they see of themselves, plus the admin's notes. */
export const adminUser = (user: User): AdminUser => ({ ...publicUser(user), adminNotes: user.adminNotes });

export const userNotFound = () => notFound(adminUsers.userNotFound);

/** The admin's writes to users; the fields an admin may change, as the audit log records them. */
export const auditedUsers = auditedRows({
  table: users,
  targetType: 'user',
  personal: ['firstName', 'email', 'phone', 'adminNotes'],
  settings: ['isActive', 'isPremium', 'role', 'onboardingCompleted', 'depthLevel'],
  stamp: 'lastModifiedAt',
  notFound: userNotFound,
});

/** The user named by `:id`: who they are, their role, and (for an owner) how many owners there are, for the last-owner rule. */
const targetRead = (c: Context<AppEnv>) =>
  c.var.deps.db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      owners: sql<number>`CASE WHEN ${users.role} = 'owner' THEN (SELECT count(*) FROM ${users} WHERE ${users.role} = 'owner') ELSE 0 END`,
    })
    .from(users)
    .where(eq(users.id, c.req.param('id') ?? ''));

export type TargetUser = Awaited<ReturnType<typeof targetRead>>[number];

/** Loads the session and the user named by `:id` (`c.var.target`) in one round trip, for actions that then need only one more. */
export const loadSessionAndTarget = sessionWith('target', targetRead);

/** The user `loadSessionAndTarget` found, or 404. */
export function targetUser(c: { var: { target?: TargetUser[] } }): TargetUser {
  const [user] = c.var.target ?? [];
  if (!user) throw userNotFound();
  return user;
}
