import { desc, eq, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '#db/schema';
import type { Webhook, WebhookCreated, WebhookEvent, WebhookList, WebhookResponse } from '#shared/schemas/admin/webhooks';
import type { ServiceCtx } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { refusedUrl } from '#worker/features/webhooks/index';
import { randomToken } from '#worker/platform/crypto';
import { auditExistingStatement } from '#worker/audit';

const e = webhookEndpoints;
type Ctx = ServiceCtx<'config'>;
type Actor = { actorId: string };

/** Its deliveries in `status`, counted on the delivery index (the endpoint named in full: drizzle leaves a lone table's columns bare). */
const count = (status: 'pending' | 'failed') =>
  sql<number>`(SELECT count(*) FROM ${webhookDeliveries} d WHERE d.endpoint_id = ${e}.id AND d.status = ${status})`;

/** An endpoint with its deliveries waiting and given up. */
const columns = {
  id: e.id,
  url: e.url,
  events: e.events,
  enabled: e.enabled,
  createdAt: e.createdAt,
  pending: count('pending'),
  failed: count('failed'),
};
type Row = {
  id: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  createdAt: Date;
  pending: number;
  failed: number;
};

const toWebhook = (row: Row): Webhook => ({ ...row, createdAt: row.createdAt.toISOString() });
const endpointQuery = (ctx: Ctx, id: string) => ctx.db.select(columns).from(e).where(eq(e.id, id));

function found(rows: Row[]): WebhookResponse {
  const row = rows[0];
  if (!row) throw notFound();
  return { webhook: toWebhook(row) };
}

const audit = (ctx: Ctx, actor: Actor, verb: string, id: string) =>
  auditExistingStatement(
    ctx,
    { actorId: actor.actorId, action: `webhook.${verb}`, targetType: 'webhook', targetId: id },
    {
      table: e,
      idColumn: e.id,
      details: sql`json_object('enabled', ${e.enabled}, 'events', json(${e.events}))`,
    },
  );

/** Every endpoint, newest first (an admin registers a handful). One statement. */
export async function listWebhooks(ctx: Ctx): Promise<WebhookList> {
  const rows = await ctx.db.select(columns).from(e).orderBy(desc(e.createdAt));
  return { webhooks: rows.map(toWebhook) };
}

/** Refuses an address the sender would refuse (url-policy.ts) with its reason as a 400. */
function checkUrl(ctx: Ctx, url: string) {
  const refused = refusedUrl(ctx.config, url);
  if (refused === 'not_https') throw new AppError('webhook_not_https', 400);
  if (refused === 'private_address') throw new AppError('webhook_private_address', 400);
}

/** Registers an endpoint with a new secret, returned this once. One round trip, with its audit row. */
export async function createWebhook(ctx: Ctx, input: Actor & { url: string; events: WebhookEvent[] }): Promise<WebhookCreated> {
  checkUrl(ctx, input.url);
  const id = crypto.randomUUID();
  const secret = `whsec_${randomToken(32)}`;
  const at = new Date(ctx.now());
  const [, , rows] = await ctx.db.batch([
    ctx.db.insert(e).values({ id, url: input.url, events: input.events, secret, createdAt: at, updatedAt: at }),
    audit(ctx, input, 'create', id),
    endpointQuery(ctx, id),
  ]);
  return { webhook: { ...found(rows).webhook, secret } };
}

/** Changes an endpoint's events or switches it on or off. One round trip; 404 for none. */
export async function updateWebhook(
  ctx: Ctx,
  input: Actor & { id: string; events?: WebhookEvent[]; enabled?: boolean },
): Promise<WebhookResponse> {
  const { id, events, enabled } = input;
  const [, , rows] = await ctx.db.batch([
    audit(ctx, input, 'update', id),
    ctx.db
      .update(e)
      .set({ ...(events ? { events } : {}), ...(enabled !== undefined ? { enabled } : {}), updatedAt: new Date(ctx.now()) })
      .where(eq(e.id, id)),
    endpointQuery(ctx, id),
  ]);
  return found(rows);
}

/** Deletes an endpoint and its deliveries. One round trip; 404 for none. */
export async function deleteWebhook(ctx: Ctx, input: Actor & { id: string }): Promise<void> {
  const [, , deleted] = await ctx.db.batch([
    audit(ctx, input, 'delete', input.id),
    // Its deliveries first: the foreign key's cascade needs foreign keys on, which a remote database may not have.
    ctx.db.delete(webhookDeliveries).where(eq(webhookDeliveries.endpointId, input.id)),
    ctx.db.delete(e).where(eq(e.id, input.id)).returning({ id: e.id }),
  ]);
  if (deleted.length === 0) throw notFound();
}
