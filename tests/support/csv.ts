/**
 * Reads a CSV file back as a spreadsheet would — a byte-order mark dropped, cells split on the
 * separator outside quotes, doubled quotes undone, CRLF ending each record — so a test checks
 * the cells an admin sees rather than the bytes. Throws on what a strict reader refuses (a bare
 * LF or a stray quote), so a broken dialect fails the test.
 */
export function parseCsv(text: string, separator: ';' | ','): string[][] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  while (i < body.length) {
    const ch = body[i]!;
    if (ch === '"' && cell === '') {
      // A quoted cell: up to the quote not followed by another; a doubled quote is one quote.
      i++;
      for (;;) {
        if (i >= body.length) throw new Error('Unclosed quote');
        if (body[i] === '"' && body[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (body[i] === '"') {
          i++;
          break;
        } else cell += body[i++];
      }
      if (i < body.length && body[i] !== separator && body[i] !== '\r') throw new Error(`Text after a quoted cell at ${i}`);
      continue;
    }
    if (ch === separator) {
      row.push(cell);
      cell = '';
      i++;
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else if (ch === '\n' || ch === '"') {
      throw new Error(`Bare ${JSON.stringify(ch)} at ${i}`);
    } else {
      cell += ch;
      i++;
    }
  }
  if (cell !== '' || row.length > 0) throw new Error('The last record does not end with CRLF');
  return rows;
}
