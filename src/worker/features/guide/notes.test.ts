import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonNotes } from '#db/schema';
import type { NoteRequest } from '#shared/schemas/guide';
import { expectApiError } from '#support/errors';
import { guideSuite, openLesson } from '#support/guide-suite';

const s = guideSuite();

const put = (lessonId: string, token: string | undefined, json: NoteRequest) =>
  s.g.api(token).lessons[':id'].note.$put({ param: { id: lessonId }, json });
/** Sent as it is: a body the client's types refuse. */
const putRaw = (lessonId: string, token: string, json: unknown) => s.g.put(`/lessons/${lessonId}/note`, token, json);
const notesOf = async (token: string | undefined) => s.g.api(token).notes.$get();
const lessonOf = async (token: string, id: string) =>
  openLesson(
    (await (await s.g.api(token).modules[':id'].$get({ param: { id: 'mindset' }, query: {} })).json()).module.lessons.find(
      (l) => l.id === id,
    ),
  );

describe('PUT /api/guide/lessons/{id}/note and GET /api/guide/notes', () => {
  it('saves a note, then a bookmark beside it, for that user only; the module page and "Mine notater" show them', async () => {
    const kari = await s.g.user('kari@example.no');
    const ola = await s.g.user('ola@example.no');
    const res = await put('mindset-deep-dive', kari.token, { body: 'Tre tidstyver:\n- e-post\n- møter' });
    expect(res.status).toBe(200);
    expect((await res.json()).note).toMatchObject({
      lessonId: 'mindset-deep-dive',
      body: 'Tre tidstyver:\n- e-post\n- møter',
      bookmarked: false,
    });
    s.t.clock.advance(1000);
    // Only the bookmark: the text stays.
    expect((await (await put('mindset-deep-dive', kari.token, { bookmarked: true })).json()).note).toMatchObject({
      body: 'Tre tidstyver:\n- e-post\n- møter',
      bookmarked: true,
    });
    s.t.clock.advance(1000);
    await put('mindset-quick-win', kari.token, { bookmarked: true });

    expect((await lessonOf(kari.token, 'mindset-deep-dive')).note).toEqual({
      body: 'Tre tidstyver:\n- e-post\n- møter',
      bookmarked: true,
    });
    expect((await lessonOf(ola.token, 'mindset-deep-dive')).note).toEqual({ body: '', bookmarked: false });

    const listed = await notesOf(kari.token);
    expect(listed.status).toBe(200);
    // Newest first, each with its lesson and module for the link.
    expect((await listed.json()).notes).toMatchObject([
      { lessonId: 'mindset-quick-win', body: '', bookmarked: true, moduleId: 'mindset', moduleTitle: 'Soloprenør-tankesettet' },
      { lessonId: 'mindset-deep-dive', bookmarked: true, lessonTitle: 'Deep Dive: Slik tenker en soloprenør' },
    ]);
    expect((await (await notesOf(ola.token)).json()).notes).toEqual([]);
  });

  it('removes a note left with neither text nor a bookmark', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    await put('mindset-deep-dive', token, { body: 'Kladd', bookmarked: true });
    const res = await put('mindset-deep-dive', token, { body: '', bookmarked: false });
    expect((await res.json()).note).toMatchObject({ body: '', bookmarked: false });
    expect(await s.t.db.select().from(lessonNotes).where(eq(lessonNotes.userId, id))).toEqual([]);
  });

  it('refuses without a session (401), on a premium lesson for a free user (403), a locked module (403), an unknown lesson (404) and bad input (400)', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    await expectApiError(await put('mindset-deep-dive', undefined, { body: 'x' }), 401, 'unauthenticated');
    await expectApiError(await notesOf(undefined), 401, 'unauthenticated');
    await expectApiError(await put('mindset-master-class', token, { body: 'x' }), 403, 'premium_required');
    await expectApiError(await put('niche-quick-win', token, { body: 'x' }), 403, 'module_locked');
    await expectApiError(await put('finnes-ikke', token, { body: 'x' }), 404, 'not_found');
    await expectApiError(
      await put('mindset-deep-dive', token, { body: 'x'.repeat(10_001) }),
      400,
      'validation_error',
      /10 000 tegn/,
    );
    await expectApiError(await putRaw('mindset-deep-dive', token, {}), 400, 'validation_error', 'Ingen endringer å lagre');
    await expectApiError(await putRaw('mindset-deep-dive', token, { bookmarked: 'ja' }), 400, 'validation_error');
    expect(await s.t.db.select().from(lessonNotes).where(eq(lessonNotes.userId, id))).toEqual([]);
  });
});
