import { describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { DAY } from '#shared/time';
import { lessons, modules } from '#db/schema';
import { guideSuite } from '#support/guide-suite';

/** A sentence from the premium Master Class of `mindset` that must never reach a free user. */
const PREMIUM_TEXT = 'Denne Master Class-leksjonen er en arbeidsøkt';
const PREMIUM_RESOURCE = 'Mal: Tidsrevisjon for én uke';

const s = guideSuite();

const list = (token?: string) => s.g.api(token).modules.$get({ query: {} });
const modulesOf = async (token: string) => (await (await list(token)).json()).modules;
const complete = (token: string, moduleId: string, ids: string[]) =>
  s.g.api(token).progress.$post({ json: { moduleId, completedSections: ids, completionPercentage: 0 } });
/** GET /api/guide/modules/{id} (`id` as it goes in the address). */
const page = (token: string | undefined, id: string) => s.g.api(token).modules[':id'].$get({ param: { id }, query: {} });

describe('GET /api/guide/modules', () => {
  it('needs a session', async () => {
    await expectApiError(await list(), 401, 'unauthenticated', 'Du må logge inn for å fortsette.');
    await expectApiError(await list('ikke-en-gyldig-sesjon'), 401, 'unauthenticated');
  });

  it('lists the modules in order with unlock state, progress and lesson metadata, never content', async () => {
    const { token } = await s.g.user('kari@example.no');
    const res = await list(token);
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    expect(text).not.toContain(PREMIUM_TEXT);
    expect(text).not.toContain('"content"');
    const { modules } = await res.json();

    expect(modules.map((m) => [m.order, m.id])).toEqual([
      [1, 'mindset'],
      [2, 'niche'],
      [3, 'build'],
      [4, 'marketing'],
      [5, 'sales'],
      [6, 'automation'],
      [7, 'scale'],
    ]);
    const [mindset, niche, , , sales] = modules;
    expect(mindset).toMatchObject({
      unlocked: true,
      progress: 0,
      isPremium: false,
      isPremiumRequired: false,
      lessonCount: 4,
      availableLessonCount: 3,
      completedCount: 0,
      icon: '🧠',
    });
    expect(mindset!.lessons.map((l) => [l.id, l.isLocked, l.completed])).toEqual([
      ['mindset-quick-win', false, false],
      ['mindset-deep-dive', false, false],
      ['mindset-master-class', true, false],
      // Each free module ends with a free quiz (db/seed/content/quizzes.ts).
      ['mindset-quiz', false, false],
    ]);
    expect(niche).toMatchObject({ unlocked: false, progress: 0 });
    expect(sales).toMatchObject({ isPremium: true, isPremiumRequired: true, availableLessonCount: 0, progress: 0 });
  });

  it("gives each module its lessons' minutes summed and the level the admin set, not one from its position", async () => {
    const { token } = await s.g.user('kari@example.no');
    // A module above the first, with one 12-minute lesson and one without a duration.
    await s.t.db.insert(modules).values({ id: 'intro', order: 0, title: 'Intro', difficulty: 'advanced' });
    await s.t.db.insert(lessons).values([
      { id: 'intro-1', moduleId: 'intro', title: 'Én', order: 1, duration: 12 },
      { id: 'intro-2', moduleId: 'intro', title: 'To', order: 2 },
    ]);
    const listed = await modulesOf(token);
    expect(listed.map((m) => [m.id, m.duration, m.difficulty])).toEqual([
      ['intro', 12, 'advanced'],
      ['mindset', 5 + 20 + 75 + 5, 'beginner'],
      ['niche', 5 + 20 + 90 + 5, 'beginner'],
      ['build', 5 + 20 + 90 + 5, 'intermediate'],
      ['marketing', 15 + 20 + 25 + 5, 'intermediate'],
      ['sales', 20 + 15 + 30, 'intermediate'],
      ['automation', 20 + 20 + 20, 'advanced'],
      ['scale', 20 + 20 + 45, 'advanced'],
    ]);
  });

  it('opens the next module once every available lesson of the previous one is done', async () => {
    const { token } = await s.g.user('kari@example.no');
    expect((await complete(token, 'mindset', ['mindset-quick-win'])).status).toBe(200);
    let [mindset, niche] = await modulesOf(token);
    expect(mindset).toMatchObject({ progress: 33, completedCount: 1 });
    expect(niche!.unlocked).toBe(false);

    expect((await complete(token, 'mindset', FREE.mindset!)).status).toBe(200);
    [mindset, niche] = await modulesOf(token);
    expect(mindset).toMatchObject({ progress: 100, completedCount: 3 });
    expect(niche!.unlocked).toBe(true);
  });

  it('keeps a started module open when an earlier module gets a new lesson', async () => {
    const { token } = await s.g.user('kari@example.no');
    await complete(token, 'mindset', FREE.mindset!);
    await complete(token, 'niche', ['niche-quick-win']);
    await s.t.db.insert(lessons).values({ id: 'mindset-ny', moduleId: 'mindset', title: 'Ny leksjon', order: 5 });
    const [mindset, niche, build] = await modulesOf(token);
    expect(mindset!.progress).toBe(75);
    expect(niche!.unlocked).toBe(true);
    expect(build!.unlocked).toBe(false);
  });

  it('shows a premium user every module open with its premium lessons available, and an admin every module unlocked', async () => {
    const premium = await s.g.user('premium@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 30 * DAY });
    const [mindset, , , , sales] = await modulesOf(premium.token);
    expect(mindset).toMatchObject({ availableLessonCount: 4, isPremiumRequired: false });
    expect(mindset!.lessons.every((l) => !l.isLocked)).toBe(true);
    expect(sales).toMatchObject({ isPremiumRequired: false, availableLessonCount: 3, unlocked: true });

    const admin = await s.g.user('admin@soloprenor.no');
    expect((await modulesOf(admin.token)).every((m) => m.unlocked && !m.isPremiumRequired)).toBe(true);
  });

  it('takes two round trips however many modules and lessons there are', async () => {
    const { token } = await s.g.user('kari@example.no');
    const extra = Array.from({ length: 40 }, (_, i) => ({ id: `ekstra-${i}`, order: 8 + i, title: `Ekstra ${i}` }));
    await s.t.db.insert(modules).values(extra);
    await s.t.db
      .insert(lessons)
      .values(
        extra.flatMap((m) =>
          [1, 2, 3, 4, 5].map((n) => ({ id: `${m.id}-${n}`, moduleId: m.id, title: `Leksjon ${n}`, order: n })),
        ),
      );
    s.t.roundTrips.reset();
    const res = await s.t.as(token).guide.modules.$get({ query: {} });
    expect((await res.json()).modules).toHaveLength(47);
    expect(s.t.roundTrips.count).toBe(2);
  });

  it('treats premium that has ended as no premium', async () => {
    const lapsed = await s.g.user('lapsed@example.no', { plan: 'monthly', endsAt: s.t.clock.now() - DAY });
    const [mindset, , , , sales] = await modulesOf(lapsed.token);
    expect(mindset!.availableLessonCount).toBe(3);
    expect(sales!.isPremiumRequired).toBe(true);
  });
});

describe('GET /api/guide/modules/{id}', () => {
  const moduleOf = async (token: string, id: string) => {
    const res = await page(token, id);
    expect(res.status).toBe(200);
    return { text: await res.clone().text(), module: (await res.json()).module };
  };

  it('needs a session', async () => {
    await expectApiError(await page(undefined, 'mindset'), 401, 'unauthenticated');
  });

  it('gives a free user the free lessons with content and only the metadata of premium lessons', async () => {
    const { token } = await s.g.user('kari@example.no');
    const { text, module } = await moduleOf(token, 'mindset');
    expect(text).not.toContain(PREMIUM_TEXT);
    expect(text).not.toContain(PREMIUM_RESOURCE);
    expect(module).toMatchObject({
      id: 'mindset',
      title: 'Soloprenør-tankesettet',
      icon: '🧠',
      progress: 0,
      completedSections: [],
      availableLessonCount: 3,
    });
    const [quick, deep, master] = module.lessons;
    expect(quick).toMatchObject({ id: 'mindset-quick-win', isLocked: false, type: 'ai-prompt', duration: 5, order: 1 });
    // Rendered and sanitized on the server: the browser gets HTML, never the Markdown source.
    expect(quick!.isLocked === false && quick!.html).toContain('<h3>Hva du skal gjøre</h3>');
    expect(deep!.isLocked).toBe(false);
    expect(master).toEqual({
      id: 'mindset-master-class',
      moduleId: 'mindset',
      title: 'Master Class: Bygg ditt AI-team og personlige operativsystem',
      description: expect.any(String),
      order: 3,
      type: 'interactive',
      isPremium: true,
      duration: 75,
      completed: false,
      isLocked: true,
    });
  });

  it('gives a premium user and an admin the premium content', async () => {
    const premium = await s.g.user('premium@example.no', { plan: 'admin_granted', endsAt: null });
    const { module } = await moduleOf(premium.token, 'mindset');
    const master = module.lessons[2]!;
    expect(master.isLocked === false && master.html).toContain(PREMIUM_TEXT);
    expect(master.isLocked === false && master.resources).toContainEqual({ title: PREMIUM_RESOURCE });

    const admin = await s.g.user('admin@soloprenor.no');
    const sales = await moduleOf(admin.token, 'sales');
    expect(sales.module.lessons.every((l) => !l.isLocked)).toBe(true);
  });

  it('refuses a premium module to a user without premium with premium_required, sending no lesson at all', async () => {
    const { token } = await s.g.user('kari@example.no');
    const res = await page(token, 'sales');
    const text = await res.clone().text();
    expect(text).not.toContain('sales-');
    await expectApiError(res, 403, 'premium_required', 'Dette innholdet krever Premium.');
    const lapsed = await s.g.user('lapsed@example.no', { plan: 'yearly', endsAt: s.t.clock.now() - 1 });
    await expectApiError(await page(lapsed.token, 'sales'), 403, 'premium_required');
  });

  it('answers 404 for an unknown module and 403 module_locked for one not yet unlocked', async () => {
    const { token } = await s.g.user('kari@example.no');
    await expectApiError(await page(token, 'finnes-ikke'), 404, 'module_not_found', 'Modul ikke funnet');
    await expectApiError(await page(token, 'niche'), 403, 'module_locked', 'Modulen er låst. Fullfør forrige modul først.');
  });

  it('finds a module whose id needs encoding in the address', async () => {
    const { token } = await s.g.user('kari@example.no');
    await s.t.db.insert(modules).values({ id: 'salg & økonomi?', order: 0, title: 'Salg og økonomi' });
    const res = await page(token, encodeURIComponent('salg & økonomi?'));
    expect(res.status).toBe(200);
    expect((await res.json()).module.title).toBe('Salg og økonomi');
  });

  it('marks completed lessons and reports the progress', async () => {
    const { token } = await s.g.user('kari@example.no');
    await complete(token, 'mindset', ['mindset-deep-dive']);
    const { module } = await moduleOf(token, 'mindset');
    expect(module).toMatchObject({ progress: 33, completedSections: ['mindset-deep-dive'], completedCount: 1 });
    expect(module.lessons.map((l) => l.completed)).toEqual([false, true, false, false]);
  });
});
