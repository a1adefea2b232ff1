import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, lessons } from '#db/schema';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { rawBodyOf } from '#support/typed-body';
import { FIXTURES, fileOf } from '#support/upload-fixtures';
import { uploadFile } from './upload';

const ctx = adminTestApp();

/** A multipart form, sent raw: the route reads the form itself, so the typed client has no type for it. */
async function upload(file: File | string | null, token = ctx.s.admin.sessionToken) {
  const form = new FormData();
  if (file !== null) form.set('file', file);
  ctx.t.roundTrips.reset();
  const res = await ctx.t.app.request('/api/admin/files', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ctx.t.roundTrips.count).toBeLessThanOrEqual(2);
  return res;
}

describe('POST /api/admin/files', () => {
  it('stores an allowed file and answers its id, name, size and type; the row and the bytes agree', async () => {
    const res = await upload(fileOf('Budsjettmal 2027.pdf', FIXTURES.pdf));
    const { file } = await rawBodyOf(res, ctx.s.api.admin.files.$post, 201);
    expect(file).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{32}$/),
      name: 'Budsjettmal 2027.pdf',
      size: FIXTURES.pdf.length,
      contentType: 'application/pdf',
    });
    expect(await ctx.t.db.select().from(files).where(eq(files.id, file.id))).toHaveLength(1);
    const stored = await ctx.t.deps.files.get(file.id);
    expect(new Uint8Array(await new Response(stored).arrayBuffer())).toEqual(FIXTURES.pdf);
    expect((await auditRows(ctx.t))[0]).toMatchObject({ action: 'file.upload', targetId: file.id });
  });

  it('refuses a program named .pdf, a web page, a macro workbook (415), a missing file (400) and too much (413)', async () => {
    await expectApiError(await upload(fileOf('mal.pdf', FIXTURES.exe)), 415, 'file_not_allowed', /PDF, Word \(\.docx\), Excel/);
    await expectApiError(await upload(fileOf('side.html', FIXTURES.html)), 415, 'file_not_allowed');
    await expectApiError(await upload(fileOf('regneark.xlsx', FIXTURES.xlsxWithMacros)), 415, 'file_not_allowed');
    await expectApiError(await upload(null), 400, 'file_missing', 'Velg en fil å laste opp.');
    await expectApiError(await upload('bare tekst'), 400, 'file_missing');
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(FIXTURES.pdf);
    await expectApiError(await upload(fileOf('stor.pdf', big)), 413, 'file_too_large', /10 MB/);
    const json = await ctx.t.request('/api/admin/files', { json: { file: 'x' }, token: ctx.s.admin.sessionToken });
    await expectApiError(json, 415, 'unsupported_media_type');
    expect(await ctx.t.db.select().from(files)).toEqual([]);
  });

  it('keeps no bytes when the row cannot be written', async () => {
    const stored: string[] = [];
    const files = {
      ...ctx.t.deps.files,
      put: async (id: string) => void stored.push(id),
      delete: async (id: string) => void stored.splice(stored.indexOf(id), 1),
    };
    await ctx.t.client.execute('DROP TABLE files');
    await expect(
      uploadFile({ ...ctx.t.deps, files }, { actorId: ctx.s.admin.user.id, file: fileOf('mal.pdf', FIXTURES.pdf) }),
    ).rejects.toThrow();
    expect(stored).toEqual([]);
  });

  it('is for admins only (401, 403), and the large body limit is for this route only', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [['POST', '/api/admin/files', {}]]);
    await expectApiError(await upload(fileOf('mal.pdf', FIXTURES.pdf), ctx.s.user.sessionToken), 403, 'forbidden');
    const longContent = 'x'.repeat(70 * 1024);
    const res = await ctx.s.api.admin.content.lessons[':id'].$patch({
      param: { id: 'mindset-quick-win' },
      json: { content: longContent },
    });
    await expectApiError(res, 413, 'payload_too_large');
    expect((await ctx.t.db.select().from(lessons).where(eq(lessons.id, 'mindset-quick-win')))[0]!.content).not.toBe(longContent);
  });
});

describe('POST /api/admin/files: captions (.vtt)', () => {
  const vtt = (text: string) => fileOf('teksting.vtt', new TextEncoder().encode(text));

  it('stores a WebVTT file as text/vtt', async () => {
    const { file } = await rawBodyOf(await upload(fileOf('Velkommen.vtt', FIXTURES.vtt)), ctx.s.api.admin.files.$post, 201);
    expect(file).toMatchObject({ name: 'Velkommen.vtt', contentType: 'text/vtt; charset=utf-8', size: FIXTURES.vtt.length });
  });

  it('refuses what a player would not play, saying why in Norwegian (400)', async () => {
    await expectApiError(await upload(vtt('1\n00:00:00.000 --> 00:00:01.000\nHei\n')), 400, 'captions_not_webvtt', /WEBVTT/);
    await expectApiError(await upload(fileOf('x.vtt', FIXTURES.pdf)), 400, 'captions_not_webvtt');
    await expectApiError(
      await upload(fileOf('x.vtt', Uint8Array.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff]))),
      400,
      'captions_not_webvtt',
    );
    await expectApiError(
      await upload(vtt('WEBVTT\n\n00:00:01.000 --> 00:00:00.500\nBaklengs\n')),
      400,
      'captions_bad_timing',
      /00:00:01\.000 --> 00:00:04\.000/,
    );
    await expectApiError(await upload(vtt('WEBVTT\n\n0:00:01 --> 0:00:02\nUten millisekunder\n')), 400, 'captions_bad_timing');
    await expectApiError(await upload(vtt('WEBVTT\n\nBare tekst, ingen tidskoder.\n')), 400, 'captions_bad_timing');
    const big = new Uint8Array(1024 * 1024 + 1).fill(0x41);
    big.set(FIXTURES.vtt);
    await expectApiError(await upload(fileOf('lang.vtt', big)), 400, 'captions_too_large', /1 MB/);
    expect(await ctx.t.db.select().from(files)).toEqual([]);
  });

  it('is for admins only (401, 403)', async () => {
    await expectApiError(await upload(fileOf('x.vtt', FIXTURES.vtt), 'no-such-session'), 401, 'unauthenticated');
    await expectApiError(await upload(fileOf('x.vtt', FIXTURES.vtt), ctx.s.user.sessionToken), 403, 'forbidden');
  });
});
