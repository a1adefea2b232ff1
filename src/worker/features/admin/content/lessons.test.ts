import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonCompletions, lessons, users } from '#db/schema';
import type { lessonCreateSchema, lessonPatchSchema } from '#shared/schemas/admin/content';
import type { z } from '#shared/zod';
import { adminTestApp, auditRows } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();

type LessonCreate = z.input<typeof lessonCreateSchema>;
type LessonPatch = z.input<typeof lessonPatchSchema>;
const create = (json: LessonCreate) => ctx.s.api.admin.content.lessons.$post({ json });
const patch = (id: string, json: LessonPatch) => ctx.s.api.admin.content.lessons[':id'].$patch({ param: { id }, json });
/** Input the schema refuses goes as raw JSON: the typed client would not take it. */
const createRaw = (json: unknown) => ctx.s.asAdmin('/api/admin/content/lessons', { json });
const patchRaw = (id: string, json: unknown) => ctx.s.asAdmin(`/api/admin/content/lessons/${id}`, { method: 'PATCH', json });
const remove = (id: string) => ctx.s.api.admin.content.lessons[':id'].$delete({ param: { id } });

describe('admin content: lessons', () => {
  it('adds a lesson with lessonCreateSchema’s defaults: id from module and time, order = count + 1, text, premium as the module', async () => {
    const res = await create({ moduleId: 'sales', title: 'Salgsmanus med AI' });
    expect(res.status).toBe(201);
    const { lesson } = await res.json();
    expect(lesson).toEqual({
      id: `sales-lesson-${ctx.t.clock.now()}`,
      moduleId: 'sales',
      title: 'Salgsmanus med AI',
      description: '',
      content: '',
      order: 4,
      type: 'text',
      isPremium: true,
      duration: null,
      resources: [],
      videoUrl: null,
      transcript: '',
      captionsFileId: null,
      quiz: null,
      // A new lesson is a draft until the admin publishes it (docs/decisions/0023-lessons-video-files-drafts.md).
      status: 'draft',
      publishAt: null,
    });
    const [entry] = await auditRows(ctx.t);
    expect(entry).toMatchObject({
      actorId: ctx.s.admin.user.id,
      action: 'lesson.create',
      targetType: 'lesson',
      targetId: lesson.id,
      details: { moduleId: 'sales', order: 4, type: 'text', isPremium: true },
    });

    ctx.t.clock.advance(1000);
    const free = (await (await create({ moduleId: 'mindset', title: 'Ny' })).json()).lesson;
    expect(free).toMatchObject({ order: 5, isPremium: false });
  });

  it('stores every field it is given', async () => {
    const resources = [
      { title: 'Mal', url: 'https://example.no/mal' },
      { title: 'Uten lenke', url: '' },
      { title: 'Regneark', fileId: 'abcdef0123456789abcdef0123456789' },
    ];
    const json: LessonCreate = {
      moduleId: 'mindset',
      id: 'mindset-ekstra',
      title: 'Ekstra',
      description: 'Kort',
      content: '## Hei\n\nTekst',
      order: 2,
      type: 'ai-prompt',
      isPremium: true,
      duration: 12,
      resources,
      videoUrl: 'https://vimeo.com/123456789',
      transcript: 'Hei og velkommen.',
      status: 'published',
      publishAt: '2026-12-01T07:00:00.000Z',
    };
    const res = await create(json);
    expect(res.status).toBe(201);
    expect((await res.json()).lesson).toEqual({
      ...json,
      resources: [resources[0], { title: 'Uten lenke' }, resources[2]],
      captionsFileId: null,
      quiz: null,
    });
    await expectApiError(await create(json), 409, 'conflict', 'Det finnes allerede en leksjon med ID-en «mindset-ekstra».');
  });

  it('answers 404 for a module that does not exist, writing nothing', async () => {
    const auditCount = (await auditRows(ctx.t)).length;
    await expectApiError(await create({ moduleId: 'finnes-ikke', title: 'X' }), 404, 'not_found', 'Fant ikke modulen.');
    expect(await auditRows(ctx.t)).toHaveLength(auditCount);
    expect(await ctx.t.db.select().from(lessons).where(eq(lessons.moduleId, 'finnes-ikke'))).toEqual([]);
  });

  it('refuses bad input: unknown type, non-integer order or duration, bad links', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ type: 'podcast' }, /tekst, video, interaktiv, AI-prompt eller quiz/],
      [{ order: 1.5 }, /helt tall/],
      [{ duration: 2.5 }, /helt antall minutter/],
      [{ duration: '10' }, /helt antall minutter/],
      [{ resources: [{ title: 'X', url: 'javascript:alert(1)' }] }, /https:\/\//],
      [{ resources: [{ url: 'https://example.no' }] }, /tittel på ressursen/],
      [{ title: '' }, /Skriv inn en tittel/],
      [{ videoUrl: 'https://example.no/video' }, /YouTube, Vimeo, Cloudflare Stream eller en MP4- eller HLS-fil/],
      [{ videoUrl: 'http://www.youtube.com/watch?v=dQw4w9WgXcQ' }, /https-lenke/],
      [{ status: 'hidden' }, /utkast eller publisert/],
      [{ publishAt: '1. desember' }, /dato og klokkeslett/],
      [{ resources: [{ title: 'Fil', fileId: '../../etc/passwd' }] }, /Last den opp på nytt/],
    ];
    for (const [extra, message] of bad) {
      await expectApiError(await createRaw({ moduleId: 'mindset', title: 'X', ...extra }), 400, 'validation_error', message);
      await expectApiError(await patchRaw('mindset-quick-win', { title: 'X', ...extra }), 400, 'validation_error', message);
    }
  });

  it('updates the fields lessonPatchSchema takes, logging settings with values and texts as changed', async () => {
    const json: LessonPatch = {
      title: 'Ny tittel',
      description: 'Ny beskrivelse',
      content: 'Nytt **innhold**',
      order: 9,
      type: 'video',
      isPremium: true,
      duration: null,
      resources: [{ title: 'Lenke', url: 'https://example.no' }],
    };
    const res = await patch('mindset-quick-win', json);
    expect(res.status).toBe(200);
    expect((await res.json()).lesson).toEqual({
      id: 'mindset-quick-win',
      moduleId: 'mindset',
      ...json,
      videoUrl: null,
      transcript: '',
      captionsFileId: null,
      quiz: null,
      status: 'published',
      publishAt: null,
    });
    const [entry] = await auditRows(ctx.t);
    expect(entry).toMatchObject({
      action: 'lesson.update',
      targetId: 'mindset-quick-win',
      details: {
        changes: {
          title: { changed: true },
          content: { changed: true },
          order: { from: 1, to: 9 },
          type: { from: 'ai-prompt', to: 'video' },
          isPremium: { from: false, to: true },
          duration: { from: 5, to: null },
        },
      },
    });
    await expectApiError(await patch('finnes-ikke', { title: 'X' }), 404, 'not_found', 'Fant ikke leksjonen.');
    await expectApiError(await patchRaw('mindset-quick-win', { moduleId: 'niche' }), 400, 'validation_error');
  });

  it('deletes a lesson and its completions, recording how many had completed it', async () => {
    await ctx.t.db.insert(users).values({ id: 'u1', email: 'u1@example.no' });
    await ctx.t.db.insert(lessonCompletions).values({ userId: 'u1', lessonId: 'mindset-quick-win', moduleId: 'mindset' });
    const res = await remove('mindset-quick-win');
    expect(res.status).toBe(200);
    expect(await ctx.t.db.select().from(lessons).where(eq(lessons.id, 'mindset-quick-win'))).toEqual([]);
    expect(await ctx.t.db.select().from(lessonCompletions)).toEqual([]);
    expect((await auditRows(ctx.t))[0]).toMatchObject({
      action: 'lesson.delete',
      targetId: 'mindset-quick-win',
      details: { moduleId: 'mindset', completedBy: 1 },
    });
    await expectApiError(await remove('mindset-quick-win'), 404, 'not_found');
  });
});
