import { and, eq, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { adminAuditLog, users } from '#db/schema';
import type { ServiceCtx } from '#worker/context';

/*
 * ADMIN_EMAILS makes owners (docs/decisions/0051-roles.md): an address on the list is an owner,
 * marked as made so by the list unless it was an owner already; one that has left the list loses
 * the role the list gave it, never one the owner gave in the admin. Every such change of role is
 * written to the audit log like the owner's own, with no actor (the list, not a person, acted).
 */

/** The users whose role the list changes: listed ones not yet owners, and unlisted ones the list made owners. */
const gainsOwner = (listed: SQL) => and(listed, sql`${users.role} IS NOT 'owner'`);
const losesOwner = (unlisted: SQL) => and(unlisted, eq(users.adminFromConfig, true), isNotNull(users.role));

/** The audit rows of the list's changes to the roles of the users `where` finds, each to `to`; put it before the change in its batch. */
function listAudit(ctx: Pick<ServiceCtx, 'db'>, now: number, where: SQL | undefined, to: SQL) {
  return ctx.db.run(sql`
    INSERT INTO ${adminAuditLog} (actor_id, action, target_type, target_id, details, created_at)
    SELECT NULL, 'user.update', 'user', ${users.id},
      json_object('changes', json_object('role', json_object('from', ${users.role}, 'to', ${to})), 'by', 'ADMIN_EMAILS'), ${now}
    FROM ${users} WHERE ${where}`);
}

/** For a sign-in's upsert of `email`: the role and its mark as the list has them, and the audit row of a change. */
export function signInRole(ctx: Pick<ServiceCtx, 'db'>, { email, onList, now }: { email: string; onList: boolean; now: number }) {
  const me = eq(users.email, email);
  // One address: its own condition, so the audit's read finds the row by the address's index.
  const audit = onList ? listAudit(ctx, now, gainsOwner(me), sql`'owner'`) : listAudit(ctx, now, losesOwner(me), sql`NULL`);
  const set = onList
    ? { role: 'owner' as const, adminFromConfig: sql`CASE WHEN ${users.role} = 'owner' THEN ${users.adminFromConfig} ELSE 1 END` }
    : { role: sql`CASE WHEN ${users.adminFromConfig} THEN NULL ELSE ${users.role} END`, adminFromConfig: false };
  return { audit, set };
}

/** At start: the configured addresses are owners, and those the list made owners and has since dropped have no role. */
export async function bootstrapAdmins(ctx: Pick<ServiceCtx, 'db'>, { emails, now }: { emails: string[]; now: number }) {
  const listed = inArray(users.email, emails);
  const unlisted = notInArray(users.email, emails);
  await ctx.db.batch([
    listAudit(ctx, now, or(gainsOwner(listed), losesOwner(unlisted)), sql`CASE WHEN ${listed} THEN 'owner' END`),
    ctx.db
      .update(users)
      .set({ role: 'owner', adminFromConfig: sql`CASE WHEN ${users.role} = 'owner' THEN ${users.adminFromConfig} ELSE 1 END` })
      .where(gainsOwner(listed)),
    ctx.db.update(users).set({ role: null, adminFromConfig: false }).where(losesOwner(unlisted)),
  ]);
}
