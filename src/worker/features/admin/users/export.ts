import type { UserExport } from '#shared/schemas/account';
import type { ServiceCtx } from '#worker/context';
import { userExportQueries } from '#worker/features/privacy/index';
import { auditedUsers, userNotFound, type TargetUser } from './admin-user';

/** A user's data export (the one privacy gives the user too) and an audit row saying who took it — one round trip. */
export async function exportUser(
  ctx: ServiceCtx<'config'>,
  { actorId, user }: { actorId: string; user: TargetUser },
): Promise<UserExport> {
  const queries = await userExportQueries(ctx, user);
  const [audit, ...results] = await ctx.db.batch([auditedUsers.audit(ctx, actorId, 'export', user.id), ...queries.statements]);
  if (audit.rowsAffected === 0) throw userNotFound();
  return queries.collect(results);
}
