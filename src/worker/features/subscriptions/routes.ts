import { Hono } from 'hono';
import { adminBillingQuerySchema, receiptNumberSchema } from '#shared/schemas/subscriptions';
import type { AppEnv } from '#worker/context';
import { requireAdmin, requireUser } from '#worker/http/guards';
import { loadSession } from '#worker/features/auth/index';
import { parseWith, queryParams } from '#worker/http/validate';
import { adminBilling } from './admin-billing';
import { accountReceipt, accountReceipts, accountSubscription, changeCancellation } from './account';
import { loadSessionAndPayment, refundPayment, targetPayment } from './refund';

/** /api/account/subscription: the user's subscription, and cancelling or resuming it. */
export const subscriptionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await accountSubscription(c.var.deps, { user: c.var.user })))
  .post('/cancel', async (c) => c.json(await changeCancellation(c.var.deps, { user: c.var.user, to: 'canceled' })))
  .post('/resume', async (c) => c.json(await changeCancellation(c.var.deps, { user: c.var.user, to: 'active' })));

/** /api/account/receipts: the user's receipts and credit notes, and one of them. */
export const receiptRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', async (c) => c.json(await accountReceipts(c.var.deps, { user: c.var.user })))
  .get('/:number', async (c) => {
    const { number } = parseWith(receiptNumberSchema, { number: c.req.param('number') });
    return c.json(await accountReceipt(c.var.deps, { user: c.var.user, number }));
  });

/** /api/admin/payments: a user's subscription and payments, and the refund (which reads its payment in the session's round trip). */
export const adminPaymentRoutes = new Hono<AppEnv>()
  .get('/', loadSession, requireAdmin, queryParams(adminBillingQuerySchema), async (c) =>
    c.json(await adminBilling(c.var.deps, { userId: c.req.valid('query').user })),
  )
  .post('/:id/refund', loadSessionAndPayment, requireAdmin, async (c) =>
    c.json(await refundPayment(c.var.deps, { actorId: c.var.user.id, target: targetPayment(c) })),
  );
