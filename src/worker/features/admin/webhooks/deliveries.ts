import { and, desc, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '#db/schema';
import type { WebhookDeliveries, WebhookDelivery, WebhookDeliveryResponse } from '#shared/schemas/admin/webhooks';
import type { ServiceCtx } from '#worker/context';
import { notFound } from '#worker/errors';

const d = webhookDeliveries;

/** How many of an endpoint's latest deliveries the admin sees. */
export const DELIVERY_LIST_LIMIT = 50;

type Row = typeof webhookDeliveries.$inferSelect;
const iso = (at: Date | null) => at?.toISOString() ?? null;

const toDelivery = (row: Row): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastResponse: row.lastResponse,
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

/** An endpoint's newest deliveries with their last answers. One round trip; 404 for no such endpoint. */
export async function listDeliveries(ctx: ServiceCtx, input: { endpointId: string }): Promise<WebhookDeliveries> {
  const { db } = ctx;
  const [endpoint, rows] = await db.batch([
    db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, input.endpointId)),
    db
      .select()
      .from(d)
      .where(eq(d.endpointId, input.endpointId))
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(DELIVERY_LIST_LIMIT),
  ]);
  if (endpoint.length === 0) throw notFound();
  return { deliveries: rows.map(toDelivery) };
}

/**
 * Queues a delivery again, sent or given up or waiting: due now, its attempts counted afresh and
 * a new day of retries. The same body and event id go out (re-signed at sending), so a receiver
 * that already has it can tell. One statement; 404 for none under this endpoint.
 */
export async function resendDelivery(
  ctx: ServiceCtx,
  input: { endpointId: string; deliveryId: string },
): Promise<WebhookDeliveryResponse> {
  const now = new Date(ctx.now());
  const [row] = await ctx.db
    .update(d)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, queuedAt: now })
    .where(and(eq(d.id, input.deliveryId), eq(d.endpointId, input.endpointId)))
    .returning();
  if (!row) throw notFound();
  return { delivery: toDelivery(row) };
}
