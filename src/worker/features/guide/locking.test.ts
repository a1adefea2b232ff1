import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { modules } from '#db/schema';
import { DAY } from '#shared/time';
import { expectApiError } from '#support/errors';
import { guideSuite } from '#support/guide-suite';

/*
 * The lock rule (DESIGN.md, module locking): a Premium member opens every published module; the
 * in-order lock is the free path's, and counts only the modules the user can open.
 */
const s = guideSuite();

const modulesOf = async (token: string) => (await (await s.g.api(token).modules.$get({ query: {} })).json()).modules;
const unlockedIds = async (token: string) => (await modulesOf(token)).filter((m) => m.unlocked).map((m) => m.id);
const complete = (token: string, moduleId: string, ids: string[]) =>
  s.g.api(token).progress.$post({ json: { moduleId, completedSections: ids, completionPercentage: 0 } });
const page = (token: string, id: string) => s.g.api(token).modules[':id'].$get({ param: { id }, query: {} });

describe('module locking', () => {
  it('opens every published module to a Premium member who has finished nothing', async () => {
    const { token } = await s.g.user('kjoper@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 365 * DAY });
    const all = await modulesOf(token);
    expect(all.map((m) => [m.id, m.unlocked])).toEqual(all.map((m) => [m.id, true]));
    const automation = await page(token, 'automation');
    expect(automation.status).toBe(200);
    expect((await automation.json()).module.order).toBe(6);
    expect((await complete(token, 'automation', ['automation-kartlegging'])).status).toBe(200);
  });

  it('keeps the in-order lock for a free user', async () => {
    const { token } = await s.g.user('gratis@example.no');
    expect(await unlockedIds(token)).toEqual(['mindset']);
    await expectApiError(await page(token, 'niche'), 403, 'module_locked');
    await complete(token, 'mindset', FREE.mindset!);
    expect(await unlockedIds(token)).toEqual(['mindset', 'niche']);
  });

  it('never holds a free module behind a Premium one: the previous module the user can open counts', async () => {
    await s.t.db.update(modules).set({ isPremium: true }).where(eq(modules.id, 'niche'));
    const { token } = await s.g.user('gratis@example.no');
    expect(await unlockedIds(token)).toEqual(['mindset']);
    await complete(token, 'mindset', FREE.mindset!);
    expect(await unlockedIds(token)).toEqual(['mindset', 'build']);
    expect((await page(token, 'build')).status).toBe(200);
  });

  it('never takes back progress or an open module when Premium ends', async () => {
    const endsAt = s.t.clock.now() + 5 * DAY;
    const { token } = await s.g.user('kjoper@example.no', { plan: 'monthly', endsAt });
    // Out of order, as a buyer may: module 3 started, module 1 finished.
    await complete(token, 'build', ['build-quick-win']);
    await complete(token, 'mindset', [...FREE.mindset!, 'mindset-master-class']);
    s.t.clock.advance(endsAt + DAY - s.t.clock.now());

    const after = await modulesOf(token);
    const byId = new Map(after.map((m) => [m.id, m]));
    expect(byId.get('mindset')).toMatchObject({ unlocked: true, completed: true, completedCount: 3 });
    expect(byId.get('niche')).toMatchObject({ unlocked: true });
    expect(byId.get('build')).toMatchObject({ unlocked: true, completedCount: 1 });
    expect(byId.get('automation')).toMatchObject({ unlocked: false, isPremiumRequired: true });
  });
});
