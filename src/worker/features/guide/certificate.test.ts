import { eq } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { expectApiError } from '#support/errors';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { guideSuite } from './test-client';

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
