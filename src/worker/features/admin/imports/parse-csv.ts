/**
 * Reads CSV as the platforms write it (RFC 4180): cells separated by commas (or semicolons, as a
 * Norwegian spreadsheet saves it — told by the header line), a cell quoted when it holds the
 * separator, a quote or a line break, quotes doubled inside; CRLF or LF line ends; a UTF-8
 * byte-order mark dropped. Blank lines are left out. Null when the text is not CSV (an unclosed
 * quote, or a line with more cells than the header).
 */
export function parseCsv(text: string): string[][] | null {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const separator = firstLine.split(';').length > firstLine.split(',').length ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
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
      if (row.some((c) => c !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (quoted) return null;
  row.push(cell);
  if (row.some((c) => c !== '')) rows.push(row);
  const width = rows[0]?.length ?? 0;
  return rows.every((r) => r.length <= width) ? rows : null;
}
