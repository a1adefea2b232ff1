import { describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import type { ModulesResponse } from '#shared/schemas/guide';
import { lessons } from '#db/schema';
import { guideSuite } from '#support/guide-suite';

/*
 * Step by step, paying never takes anything away. A free user finishes
 * module 1 (module 2 opens) and buys Premium; module 1's premium lesson is then available and
 * undone, yet module 2 stays open and module 1 still counts as finished.
 */
const s = guideSuite();

const modulesOf = async (token: string) => (await (await s.g.api(token).modules.$get({ query: {} })).json()).modules;
const finishedCount = (modules: ModulesResponse['modules']) => modules.filter((m) => m.completed).length;

describe('unlocks after an upgrade', () => {
  it('keeps module 2 open and module 1 counted as finished when Premium makes more lessons available', async () => {
    const { token } = await s.g.user('kari@example.no');
    const saved = await s.g.api(token).progress.$post({
      json: { moduleId: 'mindset', completedSections: FREE.mindset!, completionPercentage: 100 },
    });
    expect(saved.status).toBe(200);
    let [mindset, niche] = await modulesOf(token);
    expect(mindset).toMatchObject({ progress: 100, completed: true });
    expect(niche).toMatchObject({ unlocked: true, completed: false, progress: 0 });
    expect(finishedCount(await modulesOf(token))).toBe(1);

    // Buys Premium through the real upgrade route (the test provider pays at once).
    const paid = await s.t.as(token).premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: true } });
    expect(await paid.json()).toEqual({ status: 'paid' });

    const after = await modulesOf(token);
    [mindset, niche] = after;
    // The Master Class lesson is now available and undone: the percentage says so honestly …
    expect(mindset).toMatchObject({ availableLessonCount: 4, completedCount: 3, progress: 75, completed: true });
    // … but nothing that was open closes, and the overview does not drop to "0 av 7".
    expect(niche).toMatchObject({ unlocked: true });
    expect(finishedCount(after)).toBe(1);
    const page = await s.g.api(token).modules[':id'].$get({ param: { id: 'niche' }, query: {} });
    expect(page.status).toBe(200);
    expect((await page.json()).module.id).toBe('niche');
  });

  it('a module completed once stays completed after a new lesson is added to it', async () => {
    const { token } = await s.g.user('kari@example.no');
    await s.g.api(token).progress.$post({
      json: { moduleId: 'mindset', completedSections: FREE.mindset!, completionPercentage: 100 },
    });
    await s.t.db.insert(lessons).values({
      id: 'mindset-new',
      moduleId: 'mindset',
      title: 'Ny',
      content: 'Tekst',
      order: 9,
      type: 'text',
      isPremium: false,
    });
    const [mindset, niche] = await modulesOf(token);
    expect(mindset).toMatchObject({ completed: true, progress: 75 });
    expect(niche).toMatchObject({ unlocked: true });
  });

  it('without a completion the next module stays locked, also after an upgrade', async () => {
    const { token } = await s.g.user('ola@example.no');
    await s.g.api(token).progress.$post({
      json: { moduleId: 'mindset', completedSections: ['mindset-quick-win'], completionPercentage: 50 },
    });
    await s.t.as(token).premium.upgrade.$post({ json: { plan: 'monthly', price: 399 } });
    const [mindset, niche] = await modulesOf(token);
    expect(mindset).toMatchObject({ completed: false });
    expect(niche).toMatchObject({ unlocked: false });
    await expectApiError(await s.g.api(token).modules[':id'].$get({ param: { id: 'niche' }, query: {} }), 403, 'module_locked');
  });
});
