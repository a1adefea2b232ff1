import { sql } from 'drizzle-orm';
import { cancellationReasons } from '#db/schema';
import { automationValidation as v } from '#shared/copy/admin/automations';
import type { CancellationReason, CancellationReasonResponse } from '#shared/schemas/admin/automations';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';
import { subscriptionOf } from './token';

/**
 * Records why a subscription was cancelled, from the mail's one click: the latest click counts
 * (a second answer replaces the first). A subscription that is gone is a 404. One statement.
 */
export async function recordCancellationReason(
  ctx: ServiceCtx<'config'>,
  input: { token: string; reason: CancellationReason },
): Promise<CancellationReasonResponse> {
  const subscriptionId = await subscriptionOf(ctx.config, input.token);
  const rows = await ctx.db.all<{ id: string }>(sql`
    INSERT INTO ${cancellationReasons} (subscription_id, user_id, reason, created_at)
    SELECT id, user_id, ${input.reason}, ${ctx.now()} FROM subscriptions WHERE id = ${subscriptionId}
    ON CONFLICT (subscription_id) DO UPDATE SET reason = excluded.reason, created_at = excluded.created_at
    RETURNING subscription_id AS id`);
  if (rows.length === 0) throw notFound(v.subscriptionGone);
  return { recorded: true, reason: input.reason };
}
