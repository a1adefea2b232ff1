import type { UserExport } from '#shared/schemas/account';
import type { ServiceCtx } from '#worker/context';
import { userExportQueries } from '#worker/features/privacy/index';

/** The user's own copy of everything stored about them: the same export an admin gets. One round trip. */
export async function exportOwnData(
  ctx: ServiceCtx<'config'>,
  { user }: { user: { id: string; email: string } },
): Promise<UserExport> {
  const queries = await userExportQueries(ctx, user);
  return queries.collect(await ctx.db.batch(queries.statements));
}
