import { describe, expect, it } from 'vitest';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { lessons, modules } from '#db/schema';
import { SEARCH } from '#shared/constants';
import { expectApiError } from '#support/errors';
import { guideSuite } from '#support/guide-suite';

const s = guideSuite();

/** Words that occur only in the text of the lessons added below, never in a title or description. */
const SECRET = 'Sjokoladefabrikkens hemmelige oppskrift';
const OPEN_TEXT = 'Regnskapsføreren din liker ØKONOMISTYRING med orden.';

/** A premium lesson and a free one in mindset, a free one in the still locked niche, and drafts. */
async function addLessons() {
  await s.t.db.insert(lessons).values([
    {
      id: 'mindset-hemmelig',
      moduleId: 'mindset',
      title: 'Premiumleksjon om prising',
      description: 'Hvordan du setter prisen.',
      order: 4,
      isPremium: true,
      content: `Innledning. ${SECRET} står her.`,
    },
    {
      id: 'mindset-okonomi',
      moduleId: 'mindset',
      title: 'Orden i sakene',
      order: 5,
      content: `Første avsnitt. **${OPEN_TEXT}**`,
    },
    { id: 'niche-sperret', moduleId: 'niche', title: 'Nisjeleksjon', order: 4, content: 'Låst gratis tekst: kanelsnurrfabrikk.' },
    { id: 'mindset-utkast', moduleId: 'mindset', title: 'Utkast om prising', order: 6, status: 'draft', content: 'Utkasttekst' },
  ]);
  await s.t.db.insert(modules).values({ id: 'utkastmodul', order: 99, title: 'Prising i utkast', status: 'draft' });
}

const search = async (q: string, token: string, preview?: 'user') => {
  const res = await s.g.api(token).search.$get({ query: { q, preview } });
  expect(res.status).toBe(200);
  return { text: await res.clone().text(), results: (await res.json()).results };
};

describe('GET /api/guide/search', () => {
  it('needs a session', async () => {
    await expectApiError(await s.g.api().search.$get({ query: { q: 'prising' } }), 401, 'unauthenticated');
  });

  it('refuses a query that is too short, too long or missing, in Norwegian', async () => {
    const { token } = await s.g.user('kari@example.no');
    await expectApiError(await s.g.get('/search?q=%20a%20', token), 400, 'validation_error', 'Skriv minst 2 tegn for å søke.');
    await expectApiError(await s.g.get('/search', token), 400, 'validation_error', 'Skriv minst 2 tegn for å søke.');
    const long = 'a'.repeat(SEARCH.maxLength + 1);
    await expectApiError(await s.g.get(`/search?q=${long}`, token), 400, 'validation_error', 'Søket kan ha høyst 100 tegn.');
    await expectApiError(await s.g.get('/search?q=ab%00cd', token), 400, 'validation_error');
  });

  it('finds module and lesson titles and descriptions, with a snippet', async () => {
    const { token } = await s.g.user('kari@example.no');
    const { results } = await search('nisje', token);
    expect(results[0]).toMatchObject({ moduleId: 'niche', lessonId: null, locked: true });
    const quickWin = results.find((r) => r.lessonId === 'niche-quick-win')!;
    expect(quickWin).toMatchObject({ moduleId: 'niche', title: 'Quick Win: Ti nisjeideer på fem minutter', locked: true });
    expect(quickWin.snippet.length).toBeGreaterThan(0);
  });

  it('searches the text of lessons the user may open, folding case in æøå, and cuts the snippet around the hit', async () => {
    await addLessons();
    const { token } = await s.g.user('kari@example.no');
    for (const q of ['økonomistyring', 'ØKONOMISTYRING', 'Økonomistyring orden']) {
      const { results } = await search(q, token);
      expect(
        results.map((r) => r.lessonId),
        q,
      ).toEqual(['mindset-okonomi']);
      expect(results[0]!.locked).toBe(false);
      expect(results[0]!.snippet).toContain(OPEN_TEXT);
      expect(results[0]!.snippet).not.toContain('**');
    }
    // Every word must occur.
    expect((await search('økonomistyring sjiraff', token)).results).toEqual([]);
  });

  it('never reveals locked text: a premium lesson or a lesson in a locked module matches on title and description only', async () => {
    await addLessons();
    const { token } = await s.g.user('kari@example.no');
    expect((await search('sjokoladefabrikkens', token)).results).toEqual([]);
    expect((await search('kanelsnurrfabrikk', token)).results).toEqual([]);

    const { text, results } = await search('prising', token);
    const premium = results.find((r) => r.lessonId === 'mindset-hemmelig')!;
    expect(premium).toMatchObject({ locked: true, snippet: 'Hvordan du setter prisen.' });
    expect(text).not.toContain('Sjokolade');
    expect(text).not.toContain('Innledning');
  });

  it('finds locked text once the lesson opens: with Premium, or when the module unlocks', async () => {
    await addLessons();
    const premium = await s.g.user('premium@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 86_400_000 });
    expect((await search('sjokoladefabrikkens', premium.token)).results.map((r) => r.lessonId)).toEqual(['mindset-hemmelig']);

    const { token } = await s.g.user('kari@example.no');
    await s.g.post('/progress', token, {
      moduleId: 'mindset',
      completedSections: [...FREE.mindset!, 'mindset-okonomi'],
    });
    expect((await search('kanelsnurrfabrikk', token)).results).toMatchObject([{ lessonId: 'niche-sperret', locked: false }]);
  });

  it('never shows drafts to a learner', async () => {
    await addLessons();
    const { token } = await s.g.user('kari@example.no');
    const { text } = await search('prising', token);
    expect(text).not.toContain('utkast');
    expect(text).not.toContain('Utkast');
    expect((await search('utkasttekst', token)).results).toEqual([]);
  });

  it('shows an admin drafts, and hides them when the admin previews the guide as a user', async () => {
    await addLessons();
    const { token } = await s.g.user('admin@soloprenor.no');
    expect((await search('utkasttekst', token)).results.map((r) => r.lessonId)).toEqual(['mindset-utkast']);
    expect((await search('utkasttekst', token, 'user')).results).toEqual([]);
  });

  it('answers at most the result limit', async () => {
    const { token } = await s.g.user('kari@example.no');
    await s.t.db.insert(lessons).values(
      Array.from({ length: SEARCH.limit + 5 }, (_, i) => ({
        id: `mange-${i}`,
        moduleId: 'mindset',
        title: `Mangfold ${i}`,
        order: 10 + i,
      })),
    );
    expect((await search('mangfold', token)).results).toHaveLength(SEARCH.limit);
  });
});
