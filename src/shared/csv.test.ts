import { describe, expect, it } from 'vitest';
import { parseCsv } from '#support/csv';
import { CSV_BOM, CSV_DIALECTS, CSV_FORMATS, csvCell, csvDecimal, csvFile, csvLine, csvNumber } from './csv';

describe('CSV cells', () => {
  it.each([
    ['kari@example.no', 'kari@example.no'],
    ['=1+1', "'=1+1"],
    ['+4712345678', "'+4712345678"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tskjult', "'\tskjult"],
    ['\r=1', `"'\r=1"`],
    ['a,b', '"a,b"'],
    ['si "hei"', '"si ""hei"""'],
    ['to\nlinjer', '"to\nlinjer"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['', ''],
  ])('%j becomes %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('a line joins its cells with commas and ends with CRLF', () => {
    expect(csvLine(['a', '=b', 'c,d'])).toBe(`a,'=b,"c,d"\r\n`);
  });
});

describe('CSV for Norwegian Excel (semicolons)', () => {
  it('quotes a cell holding the separator, escapes formulas, and leaves our own numbers as numbers', () => {
    expect(csvLine(['Hansen; Sønn AS', '=1+1', 'a,b', csvNumber('-1596,00'), csvNumber('399,00')], ';')).toBe(
      `"Hansen; Sønn AS";'=1+1;a,b;-1596,00;399,00\r\n`,
    );
  });

  it('refuses to write anything but a number as one', () => {
    expect(() => csvNumber('=1+1')).toThrow();
    expect(() => csvNumber('1 596,00')).toThrow();
  });
});

describe('the two dialects, read back as a spreadsheet would', () => {
  const cells = ['Hansen; Sønn AS', 'a,b', 'si "hei"', 'to\r\nlinjer', '=1+1', 'Å, æ og ø'];
  it.each(CSV_FORMATS)('%s: every cell comes back as written (formulas as text), numbers in its notation', (format) => {
    const dialect = CSV_DIALECTS[format];
    const file = csvFile(dialect, ['Tekst', 'Tall'], [...cells.map((cell) => [cell, csvDecimal(12.5, dialect, 1)])]);
    expect(file.startsWith(CSV_BOM)).toBe(format === 'excel');
    const rows = parseCsv(file, dialect.separator);
    expect(rows[0]).toEqual(['Tekst', 'Tall']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(cells.map((c) => (c.startsWith('=') ? `'${c}` : c)));
    expect(rows.slice(1).map((r) => r[1])).toEqual(cells.map(() => (format === 'excel' ? '12,5' : '12.5')));
  });

  it('Excel: semicolons, decimal commas, a byte-order mark; RFC 4180: commas, decimal points, none', () => {
    expect(CSV_DIALECTS.excel).toEqual({ separator: ';', decimal: ',', bom: '\uFEFF' });
    expect(CSV_DIALECTS.rfc4180).toEqual({ separator: ',', decimal: '.', bom: '' });
    expect(csvFile(CSV_DIALECTS.rfc4180, ['a', 'b'], [['1', csvDecimal(-3, CSV_DIALECTS.rfc4180)]])).toBe('a,b\r\n1,-3\r\n');
  });
});
