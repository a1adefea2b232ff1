/**
 * CSV as spreadsheets read it (RFC 4180: separated cells, CRLF line ends, a cell quoted when it
 * holds a quote, the separator or a line break, its quotes doubled), safe to open: a cell a
 * spreadsheet would run as a formula — starting with = + - @, a tab or a carriage return — gets a
 * leading apostrophe, so it shows as the text it is (OWASP "CSV injection"). Addresses, UTM values
 * and company names come from visitors, so every text cell is treated this way. The admin's
 * exports share it: the leads with commas, the accounts with semicolons (Norwegian Excel, whose
 * decimal separator is the comma).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A number we wrote ourselves (an optional minus, digits, a decimal comma): left as it is, so a credit note's negative amount stays a number. */
export type CsvNumber = { readonly number: string };

export function csvNumber(text: string): CsvNumber {
  if (!/^-?\d+(,\d+)?$/.test(text)) throw new Error(`Not a number for CSV: ${text}`);
  return { number: text };
}

export function csvCell(value: string | CsvNumber, separator = ','): string {
  if (typeof value !== 'string') return value.number;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly (string | CsvNumber)[], separator = ','): string =>
  `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;

/** The byte-order mark that makes Excel read the file as UTF-8 (æ, ø, å), not the system code page. */
export const CSV_BOM = '\uFEFF';
