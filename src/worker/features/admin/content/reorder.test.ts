import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessons, modules } from '#db/schema';
import type { ReorderRequest } from '#shared/schemas/admin/content';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();
const reorder = (json: ReorderRequest) => ctx.s.api.admin.content.order.$put({ json });
const moduleIds = async () => (await ctx.t.db.select().from(modules).orderBy(asc(modules.order))).map((m) => m.id);
const lessonIds = async (moduleId: string) =>
  (await ctx.t.db.select().from(lessons).where(eq(lessons.moduleId, moduleId)).orderBy(asc(lessons.order))).map((l) => l.id);

describe('PUT /api/admin/content/order', () => {
  it('saves a new order of every module in one batch, audited', async () => {
    const order = (await moduleIds()).reverse();
    const res = await reorder({ modules: order });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ids: order });
    expect(await moduleIds()).toEqual(order);
    expect((await ctx.t.db.select().from(modules).orderBy(asc(modules.order))).map((m) => m.order)).toEqual(
      order.map((_, i) => i + 1),
    );
    expect((await auditRows(ctx.t))[0]).toMatchObject({ action: 'module.reorder', details: { order } });
  });

  it('saves a new order of one module’s lessons', async () => {
    const res = await reorder({
      moduleId: 'mindset',
      lessons: ['mindset-master-class', 'mindset-quick-win', 'mindset-quiz', 'mindset-deep-dive'],
    });
    expect(res.status).toBe(200);
    expect(await lessonIds('mindset')).toEqual([
      'mindset-master-class',
      'mindset-quick-win',
      'mindset-quiz',
      'mindset-deep-dive',
    ]);
  });

  it('changes nothing for a list that leaves a row out, repeats one or names another module’s (400)', async () => {
    const before = await lessonIds('mindset');
    const auditCount = (await auditRows(ctx.t)).length;
    for (const ids of [
      ['mindset-quick-win', 'mindset-deep-dive'],
      ['mindset-quick-win', 'mindset-quick-win', 'mindset-deep-dive'],
      ['mindset-quick-win', 'mindset-deep-dive', 'sales-salgsprosessen'],
    ]) {
      await expectApiError(await reorder({ moduleId: 'mindset', lessons: ids }), 400, 'validation_error', /nøyaktig én gang/);
    }
    await expectApiError(await reorder({ modules: ['mindset'] }), 400, 'validation_error', /nøyaktig én gang/);
    // Not a list at all: raw JSON, as the typed client would not send it.
    await expectApiError(
      await ctx.s.asAdmin('/api/admin/content/order', { method: 'PUT', json: { modules: 'mindset' } }),
      400,
      'validation_error',
    );
    expect(await lessonIds('mindset')).toEqual(before);
    expect(await auditRows(ctx.t)).toHaveLength(auditCount);
  });

  it('answers 404 for an unknown module, and is for admins only', async () => {
    await expectApiError(await reorder({ moduleId: 'finnes-ikke', lessons: ['x'] }), 404, 'not_found', 'Fant ikke modulen.');
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [['PUT', '/api/admin/content/order', { modules: ['mindset'] }]]);
  });
});
