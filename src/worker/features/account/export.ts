import type { UserExport } from '#shared/schemas/account';
import type { ServiceCtx } from '#worker/context';
import { userExportQueries } from '#worker/features/privacy/index';

/** The user's own copy of everything stored about them: the same export an admin gets. One round trip. */
export async function exportOwnData(ctx: ServiceCtx<'config'>, { userId }: { userId: string }): Promise<UserExport> {
  const queries = userExportQueries(ctx, userId);
  return queries.collect(await ctx.db.batch(queries.statements));
}
