import { describe, expect, it } from 'vitest';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { lessons, modules } from '#db/schema';
import { HOUR } from '#shared/time';
import { expectApiError } from '#support/errors';
import { guideSuite } from '#support/guide-suite';

const s = guideSuite();

const list = (token: string, preview?: 'user') => s.g.api(token).modules.$get({ query: { preview } });
const modulesOf = async (token: string, preview?: 'user') => (await (await list(token, preview)).json()).modules;
const page = (token: string, id: string, preview?: 'user') =>
  s.g.api(token).modules[':id'].$get({ param: { id }, query: { preview } });
const admin = () => s.g.user('admin@soloprenor.no');

/** A draft module after mindset, and a draft lesson inside mindset. */
async function addDrafts() {
  // Order 1 after mindset by id: it sits between mindset and niche.
  await s.t.db.insert(modules).values({ id: 'utkast', order: 1, title: 'Hemmelig utkast', status: 'draft' });
  await s.t.db.insert(lessons).values([
    { id: 'utkast-leksjon', moduleId: 'utkast', title: 'Leksjon i utkast', order: 1, content: 'Hemmelig innhold' },
    { id: 'mindset-utkast', moduleId: 'mindset', title: 'Uferdig leksjon', order: 4, content: 'Ikke klar', status: 'draft' },
  ]);
}

describe('drafts and scheduled content', () => {
  it('are invisible to users in the module list, the module page, progress and unlocks', async () => {
    await addDrafts();
    const { token } = await s.g.user('kari@example.no');

    const listed = await list(token);
    const text = await listed.clone().text();
    expect(text).not.toContain('Hemmelig');
    expect(text).not.toContain('Uferdig leksjon');
    const mindset = (await listed.json()).modules[0]!;
    expect(mindset.lessonCount).toBe(4);

    await expectApiError(await page(token, 'utkast'), 404, 'module_not_found');
    expect(await (await page(token, 'mindset')).text()).not.toContain('Uferdig leksjon');

    // Finishing mindset's free lessons is 100 % and opens niche: the draft lesson and the draft module between count for nothing.
    await s.g.api(token).progress.$post({ json: { moduleId: 'mindset', completedSections: FREE.mindset! } });
    const { progress } = await (await s.g.api(token).progress.$get({ query: {} })).json();
    expect(progress.find((p) => p.moduleId === 'mindset')!.completionPercentage).toBe(100);
    expect((await modulesOf(token)).find((m) => m.id === 'niche')!.unlocked).toBe(true);

    // A draft lesson cannot be completed.
    await expectApiError(
      await s.g.api(token).progress.$post({ json: { moduleId: 'mindset', completedSections: ['mindset-utkast'] } }),
      400,
      'invalid_lesson',
    );
  });

  it('are visible to admins, and hidden again when an admin previews the guide as a user', async () => {
    await addDrafts();
    const { token } = await admin();
    expect((await modulesOf(token)).map((m) => m.id)).toContain('utkast');
    const draft = await (await page(token, 'utkast')).json();
    expect(draft.module.lessons.map((l) => l.title)).toEqual(['Leksjon i utkast']);

    const preview = await modulesOf(token, 'user');
    expect(preview.map((m) => m.id)).not.toContain('utkast');
    // As a free user: premium modules need premium, and unlocks must be earned.
    expect(preview.find((m) => m.id === 'sales')!.isPremiumRequired).toBe(true);
    expect(preview.find((m) => m.id === 'build')!.unlocked).toBe(false);
    await expectApiError(await page(token, 'utkast', 'user'), 404, 'module_not_found');
  });

  it('show a published module from its publishAt, not before', async () => {
    const { token } = await s.g.user('kari@example.no');
    const at = new Date(s.t.clock.now() + 2 * HOUR);
    await s.t.db.insert(modules).values({ id: 'snart', order: 99, title: 'Kommer snart', status: 'published', publishAt: at });
    expect((await modulesOf(token)).map((m) => m.id)).not.toContain('snart');
    s.t.clock.advance(2 * HOUR);
    expect((await modulesOf(token)).map((m) => m.id)).toContain('snart');
  });
});
