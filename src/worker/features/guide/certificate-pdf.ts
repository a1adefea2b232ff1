/*
 * The course certificate as a PDF, drawn with pdf-lib (pure JavaScript: runs on Node and on
 * Workers, no file system, no native code; server only, never in a browser bundle). The
 * standard Helvetica fonts need nothing embedded: their WinAnsi encoding covers æøå and the
 * rest of Western European text. A character outside it (say Ł) is written without its
 * accent, or left out, so an unusual name never fails the download.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { create as qrCode } from 'qrcode/lib/core/qrcode.js';
import { SITE_NAME } from '#shared/constants';
import { learner } from '#shared/copy/guide/learner';

const t = learner.certificate.pdf;

export type CertificateInput = {
  name: string;
  /** The day it was earned, as printed ("25. november 2026", Oslo time). */
  day: string;
  modules: number;
  lessons: number;
  /** The certificate's public id, and the address of its page (docs/decisions/0049-certificate-verification.md). */
  id: string;
  url: string;
};

/** Letters WinAnsi lacks whose plain form is the obvious stand-in (no Unicode decomposition gives these). */
const STAND_INS: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', ı: 'i', Ħ: 'H', ħ: 'h' };

/** The code points a font can draw, once per embedded font (a certificate draws eight lines with two fonts). */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  return set;
}

/** `text` in characters `font` can draw: as is, else without combining accents, else a stand-in, else left out. */
export function drawable(font: PDFFont, text: string): string {
  const set = characterSet(font);
  const can = (c: string) => [...c].every((ch) => set.has(ch.codePointAt(0)!));
  return Array.from(text.normalize('NFC'), (c) => {
    if (can(c)) return c;
    const bare = c.normalize('NFD').replace(/\p{M}/gu, '');
    if (bare && can(bare)) return bare;
    return STAND_INS[c] ?? '';
  }).join('');
}

const BRAND = rgb(0.09, 0.33, 0.27);
const INK = rgb(0.11, 0.1, 0.09);
const MUTED = rgb(0.36, 0.34, 0.32);

/** One line centred on the page at height `y`, shrunk to fit the width when it is long (a long name). */
function centred(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color = INK) {
  const { width } = page.getSize();
  const line = drawable(font, text);
  const fitted = Math.min(size, (size * (width - 120)) / Math.max(1, font.widthOfTextAtSize(line, size)));
  page.drawText(line, { x: (width - font.widthOfTextAtSize(line, fitted)) / 2, y, size: fitted, font, color });
}

/**
 * A QR code of `text` with its bottom-left corner at (x, y), `size` points wide: the encoder's
 * module matrix (the `qrcode` package, no canvas) drawn as filled squares, with the quiet zone of
 * four modules the standard asks for on a white ground. Runs of dark modules in a row are one
 * rectangle each, which keeps the page small.
 */
function drawQrCode(page: PDFPage, text: string, { x, y, size }: { x: number; y: number; size: number }) {
  const { modules } = qrCode(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cell = size / (modules.size + 2 * quiet);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end++;
      page.drawRectangle({
        x: x + (quiet + col) * cell,
        y: y + size - (quiet + row + 1) * cell,
        width: (end - col + 1) * cell,
        height: cell,
        color: INK,
      });
      col = end;
    }
  }
}

/** A4 landscape: title, the name, the course, what was completed, place and date; the id, its address and a QR code of it. */
export async function certificatePdf({
  name,
  day,
  modules,
  lessons,
  id,
  url,
}: CertificateInput): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} – ${t.course}`);
  doc.setAuthor(SITE_NAME);
  doc.setSubject(`${t.title}: ${name}`);
  doc.setCreator(SITE_NAME);
  const page = doc.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);

  page.drawRectangle({ x: 28, y: 28, width: width - 56, height: height - 56, borderColor: BRAND, borderWidth: 3 });
  page.drawRectangle({ x: 38, y: 38, width: width - 76, height: height - 76, borderColor: BRAND, borderWidth: 0.75 });
  centred(page, SITE_NAME.toUpperCase(), height - 110, bold, 14, BRAND);
  centred(page, t.title, height - 175, bold, 46);
  centred(page, t.intro, height - 235, regular, 16, MUTED);
  centred(page, name, height - 295, bold, 36, BRAND);
  centred(page, t.completed, height - 345, regular, 16, MUTED);
  centred(page, t.course, height - 385, bold, 24);
  centred(page, t.summary(modules, lessons), height - 425, regular, 13, MUTED);
  centred(page, t.date(day), 125, regular, 13, MUTED);
  // Bottom left, the id and the address anyone can check it at; bottom right, the same address as a QR code.
  page.drawText(drawable(regular, t.verify), { x: 64, y: 86, size: 9, font: regular, color: MUTED });
  page.drawText(drawable(bold, url), { x: 64, y: 72, size: 9, font: bold, color: BRAND });
  page.drawText(drawable(regular, t.id(id)), { x: 64, y: 58, size: 9, font: regular, color: MUTED });
  drawQrCode(page, url, { x: width - 50 - 84, y: 50, size: 84 });
  // pdf-lib types its bytes over any buffer; a Response body wants a plain ArrayBuffer.
  return new Uint8Array(await doc.save());
}
