import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessons, modules } from '#db/schema';
import { MINUTE } from '#shared/time';
import { expectApiError } from '#support/errors';
import { FIXTURES, fileOf } from '#support/upload-fixtures';
import { signedFileHref } from './file-link';
import { guideSuite, openLesson } from '#support/guide-suite';

const s = guideSuite();

/** The admin uploads a file and lists it under `lessonId`'s resources. */
async function fileIn(lessonId: string, name = 'Tidsrevisjon.pdf') {
  const { token } = await s.g.user('admin@soloprenor.no');
  const form = new FormData();
  form.set('file', fileOf(name, FIXTURES.pdf));
  // A multipart form has no validator for the client to type: it is the request's body as sent.
  const res = await s.t.as(token).admin.files.$post(undefined, { init: { body: form } });
  if (res.status !== 201) throw new Error(`upload: ${res.status}`);
  const { file } = await res.json();
  await s.t.db
    .update(lessons)
    .set({ resources: [{ title: 'Mal: Tidsrevisjon', fileId: file.id }] })
    .where(eq(lessons.id, lessonId));
  return file.id;
}

const download = async (href: string, token?: string) => {
  s.t.roundTrips.reset();
  const res = await s.t.request(href, { token });
  expect(s.t.roundTrips.count).toBeLessThanOrEqual(2);
  return res;
};
const resourcesOf = async (token: string, lessonId: string) => {
  const { module } = await (await s.g.api(token).modules[':id'].$get({ param: { id: 'mindset' }, query: {} })).json();
  return openLesson(module.lessons.find((l) => l.id === lessonId)).resources;
};

describe('GET /api/files/{id}', () => {
  it('downloads a free lesson’s file through the signed link the guide gives, as an attachment', async () => {
    await fileIn('mindset-quick-win', 'Tidsrevisjon – uke 1.pdf');
    const kari = await s.g.user('kari@example.no');
    const [resource] = await resourcesOf(kari.token, 'mindset-quick-win');
    expect(resource).toEqual({
      title: 'Mal: Tidsrevisjon',
      href: expect.stringMatching(/^\/api\/files\/[a-f0-9]{32}\?exp=\d+&sig=[a-f0-9]{64}$/),
    });

    const res = await download(resource!.href!, kari.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Tidsrevisjon _ uke 1.pdf"; filename*=UTF-8''${encodeURIComponent('Tidsrevisjon – uke 1.pdf')}`,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(FIXTURES.pdf);
  });

  it('a free user cannot fetch a premium lesson’s file, even with a correctly signed link (403)', async () => {
    const id = await fileIn('mindset-master-class');
    const kari = await s.g.user('kari@example.no');
    expect(await (await s.g.api(kari.token).modules[':id'].$get({ param: { id: 'mindset' }, query: {} })).text()).not.toContain(
      id,
    );
    const forged = await signedFileHref(s.t.deps.config, kari.id, id, s.t.clock.now());
    await expectApiError(await download(forged, kari.token), 403, 'premium_required');

    const pia = await s.g.user('pia@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 86_400_000 });
    const [resource] = await resourcesOf(pia.token, 'mindset-master-class');
    expect((await download(resource!.href!, pia.token)).status).toBe(200);
  });

  it('a link stops working after 10 minutes, and never works for another user or without a session', async () => {
    await fileIn('mindset-quick-win');
    const kari = await s.g.user('kari@example.no');
    const ola = await s.g.user('ola@example.no');
    const [resource] = await resourcesOf(kari.token, 'mindset-quick-win');
    const href = resource!.href!;

    await expectApiError(await download(href), 401, 'unauthenticated');
    await expectApiError(await download(href, ola.token), 403, 'forbidden');
    await expectApiError(
      await download(
        href.replace(/sig=(.)/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`),
        kari.token,
      ),
      403,
      'forbidden',
    );
    await expectApiError(await download(href.split('?')[0]!, kari.token), 403, 'forbidden');
    s.t.clock.advance(9 * MINUTE);
    expect((await download(href, kari.token)).status).toBe(200);
    s.t.clock.advance(1 * MINUTE);
    await expectApiError(await download(href, kari.token), 403, 'link_expired', /utløpt/);
  });

  it('answers 404 for an unknown file, and hides a draft lesson’s file from users', async () => {
    const id = await fileIn('mindset-quick-win');
    const kari = await s.g.user('kari@example.no');
    await expectApiError(await download('/api/files/0123456789abcdef0123456789abcdef', kari.token), 404, 'not_found');
    await s.t.db.update(modules).set({ status: 'draft' }).where(eq(modules.id, 'mindset'));
    const link = await signedFileHref(s.t.deps.config, kari.id, id, s.t.clock.now());
    await expectApiError(await download(link, kari.token), 403, 'premium_required');
  });
});

describe('captions: an own video’s WebVTT file (docs/decisions/0050-captions.md)', () => {
  const VIDEO = 'https://video.example.no/velkommen.mp4';

  /** The admin uploads captions and sets them, with an own video, on `lessonId` through the lesson's PATCH. */
  async function captionsOn(lessonId: string, videoUrl = VIDEO) {
    const { token } = await s.g.user('admin@soloprenor.no');
    const admin = s.t.as(token);
    const form = new FormData();
    form.set('file', fileOf('velkommen.vtt', FIXTURES.vtt));
    const uploaded = await admin.admin.files.$post(undefined, { init: { body: form } });
    const { file } = await uploaded.json();
    s.t.roundTrips.reset();
    const res = await admin.admin.content.lessons[':id'].$patch({
      param: { id: lessonId },
      json: { videoUrl, captionsFileId: file.id },
    });
    expect(s.t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(res.status).toBe(200);
    expect((await res.json()).lesson).toMatchObject({ videoUrl, captionsFileId: file.id });
    return { id: file.id, admin };
  }
  const lessonOf = async (token: string, lessonId: string) => {
    const { module } = await (await s.g.api(token).modules[':id'].$get({ param: { id: 'mindset' }, query: {} })).json();
    return openLesson(module.lessons.find((l) => l.id === lessonId));
  };

  it('the lesson gives its own video a signed captions link, served inline as text/vtt', async () => {
    await captionsOn('mindset-quick-win');
    const kari = await s.g.user('kari@example.no');
    const lesson = await lessonOf(kari.token, 'mindset-quick-win');
    expect(lesson.captionsHref).toMatch(/^\/api\/files\/[a-f0-9]{32}\?exp=\d+&sig=[a-f0-9]{64}$/);
    const res = await download(lesson.captionsHref!, kari.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(FIXTURES.vtt);
  });

  it('an embedded player (YouTube) gets no captions link: it shows its own', async () => {
    await captionsOn('mindset-quick-win', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const kari = await s.g.user('kari@example.no');
    expect((await lessonOf(kari.token, 'mindset-quick-win')).captionsHref).toBeNull();
  });

  it('a Premium lesson’s captions are served only to those who may open it; an unknown file is a 404', async () => {
    const { id } = await captionsOn('mindset-master-class');
    const kari = await s.g.user('kari@example.no');
    const forged = await signedFileHref(s.t.deps.config, kari.id, id, s.t.clock.now());
    await expectApiError(await download(forged, kari.token), 403, 'premium_required');
    const pia = await s.g.user('pia@example.no', { plan: 'yearly', endsAt: s.t.clock.now() + 86_400_000 });
    const lesson = await lessonOf(pia.token, 'mindset-master-class');
    expect((await download(lesson.captionsHref!, pia.token)).status).toBe(200);
    const unknown = await signedFileHref(s.t.deps.config, pia.id, '0123456789abcdef0123456789abcdef', s.t.clock.now());
    await expectApiError(await download(unknown, pia.token), 404, 'not_found');
  });

  it('the lesson’s PATCH refuses a captions file that was never uploaded, or is not WebVTT (400), and removes one with null', async () => {
    const { admin } = await captionsOn('mindset-quick-win');
    const pdf = await fileIn('mindset-deep-dive');
    for (const captionsFileId of ['0123456789abcdef0123456789abcdef', pdf]) {
      const res = await admin.admin.content.lessons[':id'].$patch({
        param: { id: 'mindset-quick-win' },
        json: { captionsFileId },
      });
      await expectApiError(res, 400, 'captions_file_unknown', 'Fant ikke tekstingsfilen. Last den opp på nytt.');
    }
    await expectApiError(
      await admin.admin.content.lessons[':id'].$patch({ param: { id: 'mindset-quick-win' }, json: { captionsFileId: '../x' } }),
      400,
      'validation_error',
    );
    const [before] = await s.t.db.select().from(lessons).where(eq(lessons.id, 'mindset-quick-win'));
    expect(before!.captionsFileId).toMatch(/^[a-f0-9]{32}$/);
    const removed = await admin.admin.content.lessons[':id'].$patch({
      param: { id: 'mindset-quick-win' },
      json: { captionsFileId: null },
    });
    expect((await removed.json()).lesson.captionsFileId).toBeNull();
    const created = await admin.admin.content.lessons.$post({
      json: { moduleId: 'mindset', title: 'Ny video', videoUrl: VIDEO, captionsFileId: '0123456789abcdef0123456789abcdef' },
    });
    await expectApiError(created, 400, 'captions_file_unknown');
  });
});
