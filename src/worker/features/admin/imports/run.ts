import { and, eq, sql } from 'drizzle-orm';
import { adminAuditLog, memberImports } from '#db/schema';
import type { MemberImport } from '#shared/schemas/admin/imports';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import { memberImportOf, skippedPage } from './preview';

/** An import as the admin sees it (404 when there is none): one batch. */
export async function getImport(ctx: ServiceCtx, input: { id: string }): Promise<MemberImport> {
  const [[row], skipped] = await ctx.db.batch([
    ctx.db.select().from(memberImports).where(eq(memberImports.id, input.id)),
    skippedPage(ctx, input.id),
  ]);
  if (!row) throw new AppError('import_not_found', 404);
  return memberImportOf(row, skipped);
}

/**
 * Starts a previewed import (the job applies it) with the admin's choice of welcome mail, and
 * records who started it, in one batch. 404 for an unknown import, 409 while the job is still
 * previewing it or once it has started.
 */
export async function runImport(
  ctx: ServiceCtx,
  input: { actorId: string; id: string; body: { sendWelcome: boolean } },
): Promise<MemberImport> {
  const { db } = ctx;
  const { sendWelcome } = input.body;
  const previewed = and(eq(memberImports.id, input.id), eq(memberImports.status, 'previewed'));
  const now = ctx.now();
  const [, started, [row], skipped] = await db.batch([
    // Before the start, in the same transaction: logged only by the call that starts it (a repeated call answers 409 and logs nothing).
    db.run(sql`
      INSERT INTO ${adminAuditLog} (actor_id, action, target_type, target_id, details, created_at)
      SELECT ${input.actorId}, 'import.run', 'member_import', id,
        json_object('total', total, 'sendWelcome', json(${sendWelcome ? 'true' : 'false'})), ${now}
      FROM ${memberImports} WHERE ${previewed}`),
    db
      .update(memberImports)
      .set({ status: 'running', sendWelcome, startedAt: new Date(now) })
      .where(previewed)
      .returning({ id: memberImports.id }),
    db.select().from(memberImports).where(eq(memberImports.id, input.id)),
    skippedPage(ctx, input.id),
  ]);
  if (!row) throw new AppError('import_not_found', 404);
  if (row.status === 'previewing') throw new AppError('import_still_previewing', 409);
  if (started.length === 0) throw new AppError('import_already_started', 409);
  return memberImportOf(row, skipped);
}
