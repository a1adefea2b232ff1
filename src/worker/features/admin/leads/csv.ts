/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF line ends, a cell quoted when it
 * holds a quote, comma or line break, its quotes doubled), safe to open: a cell a spreadsheet
 * would run as a formula — starting with = + - @, a tab or a carriage return — gets a leading
 * apostrophe, so it shows as the text it is (OWASP "CSV injection"). Addresses and UTM values
 * come from visitors, so every cell is treated this way.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The byte-order mark that makes Excel read the file as UTF-8 (æ, ø, å), not the system code page. */
export const CSV_BOM = '\uFEFF';
