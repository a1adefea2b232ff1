import { describe, expect, it } from 'vitest';
import { lessons, modules } from '#db/schema';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { guideSuite } from '#support/guide-suite';

const s = guideSuite();

const overview = async (token: string) => await (await s.g.api(token).modules.$get({ query: {} })).json();
const moduleOf = async (token: string, id: string, preview?: 'user') =>
  (await (await s.g.api(token).modules[':id'].$get({ param: { id }, query: { preview } })).json()).module;
const complete = (token: string, moduleId: string, ids: string[]) =>
  s.g.api(token).progress.$post({ json: { moduleId, completedSections: ids } });

describe('"Fortsett der du slapp" (GET /api/guide/modules: next, certificateReady)', () => {
  it('points a brand-new user to the first lesson', async () => {
    const { token } = await s.g.user('kari@example.no');
    expect(await overview(token)).toMatchObject({
      next: {
        moduleId: 'mindset',
        moduleOrder: 1,
        lessonId: 'mindset-quick-win',
        lessonTitle: 'Quick Win: Ansett din første AI-medarbeider',
      },
      certificateReady: false,
    });
  });

  it('skips done and premium lessons, moves into the next module once it opens, and ends when all is done', async () => {
    const { token } = await s.g.user('kari@example.no');
    await complete(token, 'mindset', ['mindset-deep-dive']);
    expect((await overview(token)).next?.lessonId).toBe('mindset-quick-win');
    await complete(token, 'mindset', FREE.mindset!);
    // The premium Master Class is skipped; niche has opened.
    expect((await overview(token)).next).toMatchObject({ moduleId: 'niche', lessonId: 'niche-quick-win' });
    for (const id of ['niche', 'build', 'marketing'] as const) await complete(token, id, FREE[id]!);
    expect(await overview(token)).toMatchObject({ next: null, certificateReady: true });
  });

  it('leaves drafts out', async () => {
    await s.t.db
      .insert(lessons)
      .values({ id: 'mindset-utkast', moduleId: 'mindset', title: 'Utkast', order: 0, status: 'draft' });
    const { token } = await s.g.user('kari@example.no');
    expect((await overview(token)).next?.lessonId).toBe('mindset-quick-win');
  });

  it('asks a Premium user to finish the premium modules too before the certificate', async () => {
    const { token } = await s.g.user('premium@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 86_400_000 });
    await complete(token, 'mindset', FREE.mindset!);
    expect((await overview(token)).next).toMatchObject({ moduleId: 'mindset', lessonId: 'mindset-master-class' });
    expect((await overview(token)).certificateReady).toBe(false);
  });
});

describe('next and previous across modules (GET /api/guide/modules/{id}: neighbours)', () => {
  it('names the module before and after with their nearest lesson and why it is locked, never content', async () => {
    const { token } = await s.g.user('kari@example.no');
    const mindset = await moduleOf(token, 'mindset');
    expect(mindset.neighbours).toEqual({
      previous: null,
      next: {
        moduleId: 'niche',
        moduleTitle: expect.any(String),
        lessonId: 'niche-quick-win',
        lessonTitle: 'Quick Win: Ti nisjeideer på fem minutter',
        locked: 'module',
      },
    });
    expect(JSON.stringify(mindset.neighbours)).not.toContain('content');

    for (const id of ['mindset', 'niche', 'build'] as const) await complete(token, id, FREE[id]!);
    const marketing = await moduleOf(token, 'marketing');
    // Back to build's last lesson, its quiz; on to sales, a premium module.
    expect(marketing.neighbours.previous).toMatchObject({ moduleId: 'build', lessonId: 'build-quiz', locked: null });
    expect(marketing.neighbours.next).toMatchObject({ moduleId: 'sales', lessonId: 'sales-salgsprosessen', locked: 'premium' });
    const niche = await moduleOf(token, 'niche');
    expect(niche.neighbours.next).toMatchObject({ moduleId: 'build', lessonId: 'build-quick-win', locked: null });
  });

  it('skips a draft module and names a module without lessons', async () => {
    await s.t.db.insert(modules).values([
      { id: 'utkast', order: 1, title: 'Utkast', status: 'draft' },
      { id: 'tom', order: 1, title: 'Tom modul' },
    ]);
    const { token } = await s.g.user('admin@soloprenor.no');
    const mindset = await moduleOf(token, 'mindset', 'user');
    // Locked: the admin previews as a user who has not finished mindset.
    expect(mindset.neighbours.next).toEqual({
      moduleId: 'tom',
      moduleTitle: 'Tom modul',
      lessonId: null,
      lessonTitle: null,
      locked: 'module',
    });
  });
});
