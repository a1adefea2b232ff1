import { Hono } from 'hono';
import { couponInputSchema, couponUpdateSchema } from '#shared/schemas/admin/coupons';
import type { AppEnv } from '#worker/context';
import { loadSession } from '#worker/features/auth/index';
import { jsonLimit } from '#worker/http/body-limit';
import { requireAdmin } from '#worker/http/guards';
import { jsonBody } from '#worker/http/validate';
import { createCoupon, listCoupons, updateCoupon } from './coupons';

/** /api/admin/coupons: the discount codes ("Rabattkoder"). Every write is audited; a code is switched off, never deleted. */
export const couponRoutes = new Hono<AppEnv>()
  .use(jsonLimit, loadSession, requireAdmin)
  .get('/', async (c) => c.json(await listCoupons(c.var.deps)))
  .post('/', jsonBody(couponInputSchema), async (c) => {
    const coupon = await createCoupon(c.var.deps, { actorId: c.var.user.id, input: c.req.valid('json') });
    return c.json({ coupon }, 201);
  })
  .patch('/:id', jsonBody(couponUpdateSchema), async (c) => {
    const coupon = await updateCoupon(c.var.deps, { actorId: c.var.user.id, id: c.req.param('id'), input: c.req.valid('json') });
    return c.json({ coupon });
  });
