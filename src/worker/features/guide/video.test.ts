import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessons, videoPositions } from '#db/schema';
import { expectApiError } from '#support/errors';
import { guideSuite, openLesson } from '#support/guide-suite';

const s = guideSuite();

const PREMIUM_VIDEO = 'https://vimeo.com/987654321';
const FREE_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

async function withVideos() {
  await s.t.db
    .update(lessons)
    .set({ videoUrl: PREMIUM_VIDEO, transcript: 'Premium-tekst' })
    .where(eq(lessons.id, 'mindset-master-class'));
  await s.t.db
    .update(lessons)
    .set({ videoUrl: FREE_VIDEO, transcript: 'Hei og velkommen' })
    .where(eq(lessons.id, 'mindset-quick-win'));
}

const put = (lessonId: string, token: string | undefined, json: { seconds: number }) =>
  s.g.api(token).lessons[':id'].position.$put({ param: { id: lessonId }, json });
/** Sent as it is: a body the client's types refuse. */
const putRaw = (lessonId: string, token: string, json: unknown) => s.g.put(`/lessons/${lessonId}/position`, token, json);
const mindsetOf = (token: string) => s.g.api(token).modules[':id'].$get({ param: { id: 'mindset' }, query: {} });
const lessonOf = async (token: string, id: string) =>
  (await (await mindsetOf(token)).json()).module.lessons.find((l) => l.id === id)!;

describe('video lessons', () => {
  it('never sends a premium video address to a free user; a premium user gets it with the transcript', async () => {
    await withVideos();
    const free = await s.g.user('kari@example.no');
    const text = await (await mindsetOf(free.token)).text();
    expect(text).not.toContain('987654321');
    expect(text).not.toContain('Premium-tekst');
    expect(await lessonOf(free.token, 'mindset-quick-win')).toMatchObject({
      videoUrl: FREE_VIDEO,
      transcriptHtml: '<p>Hei og velkommen</p>\n',
      videoPosition: 0,
    });

    const premium = await s.g.user('pia@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 86_400_000 });
    expect(await lessonOf(premium.token, 'mindset-master-class')).toMatchObject({ isLocked: false, videoUrl: PREMIUM_VIDEO });
  });

  it('remembers where a user stopped, for that user only', async () => {
    await withVideos();
    const kari = await s.g.user('kari@example.no');
    const ola = await s.g.user('ola@example.no');
    const res = await put('mindset-quick-win', kari.token, { seconds: 93 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ seconds: 93 });
    await put('mindset-quick-win', kari.token, { seconds: 120 });
    expect(openLesson(await lessonOf(kari.token, 'mindset-quick-win')).videoPosition).toBe(120);
    expect(openLesson(await lessonOf(ola.token, 'mindset-quick-win')).videoPosition).toBe(0);
  });

  it('refuses a position without a session (401), for a premium lesson (403), a lesson without video or unknown (404), bad input (400)', async () => {
    await withVideos();
    const { token, id } = await s.g.user('kari@example.no');
    await expectApiError(await put('mindset-quick-win', undefined, { seconds: 1 }), 401, 'unauthenticated');
    await expectApiError(await put('mindset-master-class', token, { seconds: 1 }), 403, 'premium_required');
    await expectApiError(await put('mindset-deep-dive', token, { seconds: 1 }), 404, 'not_found');
    await expectApiError(await put('finnes-ikke', token, { seconds: 1 }), 404, 'not_found');
    await expectApiError(await put('mindset-quick-win', token, { seconds: -1 }), 400, 'validation_error');
    await expectApiError(await putRaw('mindset-quick-win', token, { seconds: 'ti' }), 400, 'validation_error');
    expect(await s.t.db.select().from(videoPositions).where(eq(videoPositions.userId, id))).toEqual([]);
  });
});
