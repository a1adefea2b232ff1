/*
 * What the admin may upload for a lesson's resources
 * (docs/decisions/0023-lessons-video-files-drafts.md): documents learners open in the program that
 * made them, and nothing that runs. A file must have one of these extensions AND start with that
 * type's signature, so a renamed program or web page is refused. Left out on purpose: html and svg
 * (script in the site's eyes), macro-enabled Office files (.docm, .xlsm, .pptm), old binary Office
 * files (.doc, .xls: macros), and zip (a zip can carry anything, and a checked Office file is a zip
 * already; see the decision record).
 */

import { webVttProblem } from './webvtt';

const bytesOf = (text: string) => [...text].map((c) => c.charCodeAt(0));
const PDF = bytesOf('%PDF-');
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The part of a file its signature is checked in (an Office file's names sit near its start). */
const HEAD = 64 * 1024;
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes.subarray(0, HEAD));

/** Office Open XML: a zip with the package's parts; a macro-enabled one names vbaProject.bin. */
const officeFile = (part: string) => (bytes: Uint8Array) => {
  if (!startsWith(bytes, ZIP)) return false;
  const head = latin1(bytes);
  return head.includes('[Content_Types].xml') && head.includes(part) && !head.includes('vbaProject');
};

/** Plain text: valid UTF-8 with no control characters besides tab and line breaks. */
function plainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, HEAD));
  } catch {
    // The head may cut a character in two; the rest of the check still applies to what came before.
    return bytes.length > HEAD && plainText(bytes.subarray(0, HEAD - 4));
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text) && !/^\s*<(?:!doctype|html|svg|script)/i.test(text);
}

type FileType = { contentType: string; matches: (bytes: Uint8Array) => boolean };

export const FILE_TYPES: Record<string, FileType> = {
  pdf: { contentType: 'application/pdf', matches: (b) => startsWith(b, PDF) },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    matches: officeFile('word/'),
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', matches: officeFile('xl/') },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    matches: officeFile('ppt/'),
  },
  csv: { contentType: 'text/csv; charset=utf-8', matches: plainText },
  txt: { contentType: 'text/plain; charset=utf-8', matches: plainText },
  md: { contentType: 'text/markdown; charset=utf-8', matches: plainText },
  /** An own video's captions; checked in full by webvtt.ts before this. */
  vtt: { contentType: 'text/vtt; charset=utf-8', matches: (b) => webVttProblem(b) === null },
  png: { contentType: 'image/png', matches: (b) => startsWith(b, PNG) },
  jpg: { contentType: 'image/jpeg', matches: (b) => startsWith(b, JPEG) },
  jpeg: { contentType: 'image/jpeg', matches: (b) => startsWith(b, JPEG) },
};

/** 10 MB: a template or a workbook, not a video (videos are linked, see src/shared/video.ts). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The type of an upload named `name` with these bytes, or null when it is not one of the allowed types. */
export function fileTypeOf(name: string, bytes: Uint8Array): FileType | null {
  const ext = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
  const type = ext ? FILE_TYPES[ext] : undefined;
  return type && bytes.length > 0 && type.matches(bytes) ? type : null;
}
