import { users } from '#db/schema';
import type { UserExport } from '#shared/schemas/account';
import type { ServiceCtx } from '#worker/context';
import { userExportQueries } from '#worker/features/privacy/index';
import { auditExistingStatement } from '../audit';
import { userNotFound } from './admin-user';

/** A user's data export (the one privacy gives the user too) and an audit row saying who took it — one round trip. */
export async function exportUser(
  ctx: ServiceCtx<'config'>,
  { actorId, userId }: { actorId: string; userId: string },
): Promise<UserExport> {
  const queries = userExportQueries(ctx, userId);
  const [audit, ...results] = await ctx.db.batch([
    auditExistingStatement(
      ctx,
      { actorId, action: 'user.export', targetType: 'user', targetId: userId },
      { table: users, idColumn: users.id },
    ),
    ...queries.statements,
  ]);
  if (audit.rowsAffected === 0) throw userNotFound();
  return queries.collect(results);
}
