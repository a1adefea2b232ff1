import { Hono } from 'hono';
import { adminPaymentsQuerySchema, adminRefundSchema } from '#shared/schemas/admin/payments';
import { receiptNumberSchema } from '#shared/schemas/subscriptions';
import type { AppEnv } from '#worker/context';
import { requireAdmin, requireUser } from '#worker/http/guards';
import { loadSession } from '#worker/features/auth/index';
import { jsonBody, parseWith, queryParams } from '#worker/http/validate';
import { adminPayments } from './admin-payments';
import { accountReceipt, accountReceipts, accountSubscription, changeCancellation } from './account';
import { loadSessionAndPayment, refundPayment, targetPayment } from './refund';
import { jsonLimit } from '#worker/http/body-limit';

/** /api/account/subscription: the user's subscription, and cancelling or resuming it. */
export const subscriptionRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireUser)
  .get('/', async (c) => c.json(await accountSubscription(c.var.deps, { user: c.var.user })))
  .post('/cancel', async (c) => c.json(await changeCancellation(c.var.deps, { user: c.var.user, to: 'canceled' })))
  .post('/resume', async (c) => c.json(await changeCancellation(c.var.deps, { user: c.var.user, to: 'active' })));

/** /api/account/receipts: the user's receipts and credit notes, and one of them. */
export const receiptRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireUser)
  .get('/', async (c) => c.json(await accountReceipts(c.var.deps, { user: c.var.user })))
  .get('/:number', async (c) => {
    const { number } = parseWith(receiptNumberSchema, { number: c.req.param('number') });
    return c.json(await accountReceipt(c.var.deps, { user: c.var.user, number }));
  });

/** /api/admin/payments: the payments a search or a user's card names, and a refund (which reads its payment in the session's round trip). */
export const adminPaymentRoutes = new Hono<AppEnv>()
  .use(jsonLimit)
  .get('/', loadSession, requireAdmin, queryParams(adminPaymentsQuerySchema), async (c) =>
    c.json(await adminPayments(c.var.deps, c.req.valid('query'))),
  )
  .post('/:id/refund', loadSessionAndPayment, requireAdmin, jsonBody(adminRefundSchema), async (c) =>
    c.json(
      await refundPayment(c.var.deps, {
        actorId: c.var.user.id,
        target: targetPayment(c),
        amountOre: c.req.valid('json').amountOre,
      }),
    ),
  );
