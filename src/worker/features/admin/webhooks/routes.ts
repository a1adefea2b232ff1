import { Hono } from 'hono';
import { webhookInputSchema, webhookUpdateSchema } from '#shared/schemas/admin/webhooks';
import type { AppEnv } from '#worker/context';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { listDeliveries, resendDelivery } from './deliveries';
import { createWebhook, deleteWebhook, listWebhooks, updateWebhook } from './endpoints';
import { jsonLimit } from '#worker/http/body-limit';
import { loadSession } from '#worker/features/auth/index';

/**
 * /api/admin/webhooks: endpoints for Make, Zapier or a CRM (registered with a secret shown once),
 * and each one's deliveries with their last answers; a delivery can be sent again. The webhook
 * job (jobs/webhooks.ts) does the sending.
 */
export const webhookRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await listWebhooks(c.var.deps)))
  .post('/', jsonBody(webhookInputSchema), async (c) =>
    c.json(await createWebhook(c.var.deps, { ...c.req.valid('json'), actorId: c.var.user.id }), 201),
  )
  .patch('/:id', jsonBody(webhookUpdateSchema), async (c) =>
    c.json(await updateWebhook(c.var.deps, { ...c.req.valid('json'), id: c.req.param('id'), actorId: c.var.user.id })),
  )
  .delete('/:id', async (c) => {
    await deleteWebhook(c.var.deps, { id: c.req.param('id'), actorId: c.var.user.id });
    return c.body(null, 204);
  })
  .get('/:id/deliveries', async (c) => c.json(await listDeliveries(c.var.deps, { endpointId: c.req.param('id') })))
  .post('/:id/deliveries/:deliveryId/resend', async (c) =>
    c.json(await resendDelivery(c.var.deps, { endpointId: c.req.param('id'), deliveryId: c.req.param('deliveryId') })),
  );
