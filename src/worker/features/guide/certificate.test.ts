import { eq, sql } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { certificates, users } from '#db/schema';
import { expectApiError } from '#support/errors';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { budgetedClient } from '#support/budgeted-client';
import { TEST_ORIGIN } from '#support/app';
import { osloCalendarDay, HOUR } from '#shared/time';
import { osloDaySql } from './certificate';
import { guideSuite } from '#support/guide-suite';

const s = guideSuite();
// The certificate is a PDF (`c.body`), which the typed client cannot type: it is read as the bytes sent.
const setClock = (iso: string) => s.t.clock.advance(Date.parse(iso) - s.t.clock.now());

/** A free user who has finished every free module, with `firstName` on the profile. */
async function finishedLearner(firstName: string) {
  const user = await s.g.user('kari@example.no');
  await s.t.db.update(users).set({ firstName }).where(eq(users.id, user.id));
  for (const [moduleId, ids] of Object.entries(FREE)) {
    expect((await s.g.api(user.token).progress.$post({ json: { moduleId, completedSections: ids } })).status).toBe(200);
  }
  return user;
}

/**
 * The text the PDF draws: pdf-lib writes standard-font text as hex strings in WinAnsi
 * (`<4B617269> Tj`); this reads every page's content streams and decodes them.
 */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const decoder = new TextDecoder('windows-1252');
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    for (const ref of refs) {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
      for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
        lines.push(decoder.decode(Uint8Array.from(hex!.match(/../g) ?? [], (h) => parseInt(h, 16))));
      }
    }
  }
  return lines.join('\n');
}

describe('GET /api/guide/certificate', () => {
  it('needs a session', async () => {
    await expectApiError(await s.g.get('/certificate'), 401, 'unauthenticated');
  });

  it('is refused with a Norwegian reason until every module open to the user is completed', async () => {
    const { token } = await s.g.user('kari@example.no');
    await expectApiError(
      await s.g.get('/certificate', token),
      403,
      'certificate_not_ready',
      'Kursbeviset får du når du har fullført alle modulene du har tilgang til.',
    );
    await s.g.api(token).progress.$post({ json: { moduleId: 'mindset', completedSections: FREE.mindset! } });
    await expectApiError(await s.g.get('/certificate', token), 403, 'certificate_not_ready');
  });

  it('is a PDF with the name, the course and the day the course was finished (Oslo)', async () => {
    setClock('2026-11-24T23:30:00Z'); // 25 November in Oslo
    const { token } = await finishedLearner('Åse Ødegård-Østby');
    setClock('2026-12-02T10:00:00Z');
    const res = await s.g.get('/certificate', token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="kursbevis-soloprenor.pdf"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Kursbevis – Soloprenør-guiden');

    const text = await pdfText(bytes);
    expect(text).toContain('Åse Ødegård-Østby');
    expect(text).toContain('Soloprenør-guiden');
    expect(text).toContain('4 moduler og 12 leksjoner fullført');
    expect(text).toContain('Oslo, 25. november 2026');
  });

  it('is issued on the first download with a random id, printed with its address; the next download is the same certificate', async () => {
    setClock('2026-10-24T22:30:00Z'); // 25 October in Oslo, still summer time (UTC+2)
    const { id: userId, token } = await finishedLearner('Kari Nordmann');
    setClock('2026-11-10T10:00:00Z');
    expect(await s.t.db.select().from(certificates)).toEqual([]);
    const firstRes = await s.g.get('/certificate', token);
    expect(firstRes.status, await firstRes.clone().text()).toBe(200);
    const first = await pdfText(new Uint8Array(await firstRes.arrayBuffer()));
    const [row] = await s.t.db.select().from(certificates);
    expect(row).toMatchObject({ userId, name: 'Kari Nordmann', issuedOn: '2026-10-25', modules: 4, lessons: 12, public: false });
    expect(row!.id).toMatch(/^[a-z2-7]{20}$/);
    expect(first).toContain(`Kursbevis-ID: ${row!.id}`);
    expect(first).toContain(`${TEST_ORIGIN}/sertifikat/${row!.id}`);
    expect(first).toContain('Oslo, 25. oktober 2026');

    // A new name on the profile does not change a certificate already issued.
    await s.t.db.update(users).set({ firstName: 'Kari Annen' }).where(eq(users.id, userId));
    const second = await pdfText(new Uint8Array(await (await s.g.get('/certificate', token)).arrayBuffer()));
    expect(second).toBe(first);
    expect(await s.t.db.select().from(certificates)).toHaveLength(1);
  });

  it('asks for a name first when the profile has none (409), and takes one saved through the profile', async () => {
    const { token } = await finishedLearner('');
    await expectApiError(await s.g.get('/certificate', token), 409, 'name_required');
    const saved = await s.t.as(token).account.$patch({ json: { firstName: 'Łukasz Nowak' } });
    expect(saved.status).toBe(200);
    const res = await s.g.get('/certificate', token);
    expect(res.status).toBe(200);
    // Ł is outside the standard font's WinAnsi: it is written as L rather than failing the download.
    expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain('Lukasz Nowak');
  });
});

describe('PUT /api/guide/certificate/public and GET /api/certificates/{id}', () => {
  const publish = (token: string, json: { public: boolean }) => s.g.api(token).certificate.public.$put({ json });
  const check = (id: string) => budgetedClient(s.t).certificates[':id'].$get({ param: { id } });

  it('publishes the certificate (issuing it if need be), shows it to anyone, and withdraws it with the same 404 as an unknown id', async () => {
    setClock('2026-11-26T12:00:00Z');
    const { token } = await finishedLearner('Ola Nordmann');
    const res = await publish(token, { public: true });
    expect(res.status).toBe(200);
    const status = await res.json();
    expect(status).toEqual({
      id: expect.stringMatching(/^[a-z2-7]{20}$/),
      public: true,
      url: `${TEST_ORIGIN}/sertifikat/${status.id}`,
    });

    const shown = await check(status.id);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({
      name: 'Ola Nordmann',
      course: 'Soloprenør-guiden',
      issuedOn: '2026-11-26',
      modules: 4,
      lessons: 12,
    });
    // The PDF downloaded afterwards is the same certificate.
    expect(await pdfText(new Uint8Array(await (await s.g.get('/certificate', token)).arrayBuffer()))).toContain(status.id);

    const withdrawn = await publish(token, { public: false });
    expect(await withdrawn.json()).toEqual({ ...status, public: false });
    const gone = await check(status.id);
    await expectApiError(gone, 404, 'certificate_not_found', 'Fant ikke sertifikatet.');
    await expectApiError(await check('abcdefghijklmnopqrst'), 404, 'certificate_not_found', 'Fant ikke sertifikatet.');
    await expectApiError(await check('not-an-id'), 404, 'certificate_not_found');
  });

  it('needs a session, a finished course (403), a name (409) and a yes or no (400)', async () => {
    await expectApiError(await s.g.put('/certificate/public', undefined, { public: true }), 401, 'unauthenticated');
    const { token } = await s.g.user('per@example.no');
    await expectApiError(await publish(token, { public: true }), 403, 'certificate_not_ready');
    const unnamed = await finishedLearner('');
    await expectApiError(await publish(unnamed.token, { public: true }), 409, 'name_required');
    await expectApiError(await s.g.put('/certificate/public', unnamed.token, { public: 'ja' }), 400, 'validation_error');
    await expectApiError(await s.g.put('/certificate/public', unnamed.token, {}), 400, 'validation_error');
    expect(await s.t.db.select().from(certificates)).toEqual([]);
  });
});

describe('osloDaySql', () => {
  it('names the same Oslo day as osloCalendarDay, around midnight and both DST changes', async () => {
    const instants = ['2026-03-29T00:30:00Z', '2026-03-29T01:00:00Z', '2026-10-24T22:30:00Z', '2026-10-25T00:59:00Z']
      .concat(['2026-10-25T01:00:00Z', '2026-10-25T23:30:00Z', '2027-01-01T22:59:59Z', '2027-06-30T22:00:00Z'])
      .map(Date.parse)
      .flatMap((at) => [at - HOUR, at, at + HOUR]);
    for (const at of instants) {
      const row = await s.t.db.get<{ day: string }>(sql`SELECT ${osloDaySql(sql`${at}`)} AS day`);
      expect(row.day, new Date(at).toISOString()).toBe(osloCalendarDay(at));
    }
  });
});
