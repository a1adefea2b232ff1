import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, PDFRef } from 'pdf-lib';
import { create as qrCode } from 'qrcode/lib/core/qrcode.js';
import { describe, expect, it } from 'vitest';
import { certificatePdf } from './certificate-pdf';

const URL = 'https://soloprenor.no/sertifikat/jw3dhexmn7463uml7yg6';

/** The page's content operators, decoded. */
async function operators(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPages()[0]!.node.Contents()!;
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => (ref instanceof PDFRef ? doc.context.lookup(ref) : ref))
    .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
    .map((s) => new TextDecoder('latin1').decode(decodePDFRawStream(s).decode()))
    .join('\n');
}

describe('certificatePdf: the QR code', () => {
  it('draws the encoder’s module matrix of the verify address, dark modules only, in the bottom right corner', async () => {
    const bytes = await certificatePdf({ name: 'Kari', day: '27. november 2026', modules: 4, lessons: 8, id: 'x', url: URL });
    const ops = await operators(bytes);
    // Each filled rectangle: its colour, its origin (cm) and its far corner (the third point of its path).
    const rects = [
      ...ops.matchAll(/0\.11 0\.1 0\.09 rg\s+0 w\s+\[\] 0 d\s+1 0 0 1 ([\d.]+) ([\d.]+) cm[\s\S]*?l\s+([\d.]+) ([\d.]+) l/g),
    ].map(([, x, y, w, h]) => ({ x: Number(x), y: Number(y), w: Number(w), h: Number(h) }));
    const { modules } = qrCode(URL, { errorCorrectionLevel: 'M' });
    const size = 84;
    const cell = size / (modules.size + 8);
    const [left, bottom] = [841.89 - 50 - size, 50];
    const drawn = new Set<string>();
    for (const r of rects.filter((r) => r.x >= left && r.y >= bottom && r.y < bottom + size)) {
      const row = Math.round((bottom + size - r.y) / cell) - 4 - 1;
      const first = Math.round((r.x - left) / cell) - 4;
      for (let col = first; col < first + Math.round(r.w / cell); col++) drawn.add(`${row},${col}`);
      expect(r.h).toBeCloseTo(cell, 6);
    }
    const dark = new Set<string>();
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) dark.add(`${row},${col}`);
    expect(dark.size).toBeGreaterThan(100);
    expect(drawn).toEqual(dark);
  });
});
