import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvNumber } from './csv';

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
