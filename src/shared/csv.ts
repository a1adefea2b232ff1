/**
 * CSV as spreadsheets read it (RFC 4180: separated cells, CRLF line ends, a cell quoted when it
 * holds a quote, the separator or a line break, its quotes doubled), safe to open: a cell a
 * spreadsheet would run as a formula — starting with = + - @, a tab or a carriage return — gets a
 * leading apostrophe, so it shows as the text it is (OWASP "CSV injection"). Addresses, UTM values
 * and company names come from visitors, so every text cell is treated this way.
 *
 * Every admin export (and the Innsikt charts' downloads, made in the browser) is written in one of
 * two dialects (docs/decisions/0058-insights-and-exports.md): `excel`, the default, as Norwegian
 * Excel opens a file by double-click — semicolons (its list separator, since the comma is its
 * decimal separator), decimal commas, UTF-8 with a byte-order mark — or `rfc4180`, for other
 * programs: commas, decimal points, no byte-order mark.
 */

export const CSV_FORMATS = ['excel', 'rfc4180'] as const;
export type CsvFormat = (typeof CSV_FORMATS)[number];

export type CsvDialect = { separator: ';' | ','; decimal: ',' | '.'; bom: string };

/** The byte-order mark that makes Excel read the file as UTF-8 (æ, ø, å), not the system code page. */
export const CSV_BOM = '\uFEFF';

export const CSV_DIALECTS: Record<CsvFormat, CsvDialect> = {
  excel: { separator: ';', decimal: ',', bom: CSV_BOM },
  rfc4180: { separator: ',', decimal: '.', bom: '' },
};

const FORMULA_START = /^[=+\-@\t\r]/;

/** A number we wrote ourselves (an optional minus, digits, a decimal mark): left as it is, so a credit note's negative amount stays a number. */
export type CsvNumber = { readonly number: string };

export function csvNumber(text: string): CsvNumber {
  if (!/^-?\d+([.,]\d+)?$/.test(text)) throw new Error(`Not a number for CSV: ${text}`);
  return { number: text };
}

/** A whole or decimal number in the dialect's notation (`12,5` or `12.5`), to at most `decimals` places. */
export const csvDecimal = (value: number, dialect: CsvDialect, decimals = 0): CsvNumber =>
  csvNumber(value.toFixed(decimals).replace('.', dialect.decimal));

export function csvCell(value: string | CsvNumber, separator = ','): string {
  if (typeof value !== 'string') return value.number;
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: readonly (string | CsvNumber)[], separator = ','): string =>
  `${cells.map((cell) => csvCell(cell, separator)).join(separator)}\r\n`;

/** A whole file: the dialect's byte-order mark, the header and the rows. */
export const csvFile = (
  dialect: CsvDialect,
  header: readonly string[],
  rows: readonly (readonly (string | CsvNumber)[])[],
): string => dialect.bom + [header, ...rows].map((cells) => csvLine(cells, dialect.separator)).join('');
