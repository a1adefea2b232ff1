/** Small files with real signatures, for the upload tests (unit, route and browser). */
const ascii = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
const join = (...parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> => Uint8Array.from(parts.flatMap((p) => [...p]));
const ZIP = [0x50, 0x4b, 0x03, 0x04];

export const FIXTURES = {
  pdf: ascii('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  /** The local file headers of an Office Open XML workbook name its parts in plain text. */
  xlsx: join(ZIP, ascii('....[Content_Types].xml....'), ZIP, ascii('....xl/workbook.xml....')),
  /** The same with a VBA project: macro-enabled, refused whatever its name. */
  xlsxWithMacros: join(ZIP, ascii('....[Content_Types].xml....'), ZIP, ascii('....xl/vbaProject.bin....')),
  csv: ascii('Måned;Inntekt\nJanuar;12000\n'),
  /** A Windows program. */
  exe: join([0x4d, 0x5a, 0x90, 0x00], ascii('This program cannot be run in DOS mode')),
  html: ascii('<!doctype html><script>alert(1)</script>'),
  png: join([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]),
  /** An own video's captions (docs/decisions/0050-captions.md): a header, a note and two cues. */
  vtt: ascii(
    'WEBVTT - Soloprenør\n\nNOTE Teksting på norsk\n\n1\n00:00:00.500 --> 00:00:03.000\nHei, og velkommen!\n\n00:01:02.000 --> 00:01:05.250 line:90%\nNå starter vi – med økonomi.\n',
  ),
};

export const fileOf = (name: string, bytes: Uint8Array<ArrayBuffer>, type = 'application/octet-stream') =>
  new File([bytes], name, { type });

/** A form with a small PDF, as the admin's upload button sends it. */
export function pdfForm(name: string): FormData {
  const form = new FormData();
  form.set('file', fileOf(name, FIXTURES.pdf));
  return form;
}
