import { AppError } from '#worker/errors';

/**
 * Reads CSV as the platforms write it (RFC 4180): cells separated by commas (or semicolons, as a
 * Norwegian spreadsheet saves it — told by the header line), a cell quoted when it holds the
 * separator, a quote or a line break, quotes doubled inside; CRLF or LF line ends; a UTF-8
 * byte-order mark dropped. Blank lines are left out. A row at a time, so the caller can give the
 * event loop back between rows (50 000 rows are ~0.2–0.6 s of work); the first row is the header.
 * Throws `import_not_csv` (400) when the text is not CSV: an unclosed quote, or a line with more
 * cells than the header.
 */
export function* csvRows(text: string): Generator<string[], void> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  let width = -1;
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const ended = () => {
    const done = row;
    row = [];
    if (!done.some((c) => c !== '')) return null;
    if (width < 0) width = done.length;
    else if (done.length > width) throw new AppError('import_not_csv', 400);
    return done;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (body[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === separator) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      cell = '';
      const done = ended();
      if (done) yield done;
    } else cell += ch;
  }
  if (quoted) throw new AppError('import_not_csv', 400);
  row.push(cell);
  const last = ended();
  if (last) yield last;
}
