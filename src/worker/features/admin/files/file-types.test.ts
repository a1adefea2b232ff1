import { describe, expect, it } from 'vitest';
import { FIXTURES } from '#support/upload-fixtures';
import { fileTypeOf } from './file-types';

describe('fileTypeOf: an allowed extension AND a matching signature', () => {
  it('accepts documents whose content is what their name says', () => {
    expect(fileTypeOf('Budsjett.pdf', FIXTURES.pdf)?.contentType).toBe('application/pdf');
    expect(fileTypeOf('Budsjett.XLSX', FIXTURES.xlsx)?.contentType).toMatch(/spreadsheetml/);
    expect(fileTypeOf('tall.csv', FIXTURES.csv)?.contentType).toMatch(/^text\/csv/);
    expect(fileTypeOf('logo.png', FIXTURES.png)?.contentType).toBe('image/png');
  });

  it('refuses programs, web pages, macros, disguises and unknown types', () => {
    expect(fileTypeOf('mal.pdf', FIXTURES.exe)).toBeNull();
    expect(fileTypeOf('mal.exe', FIXTURES.exe)).toBeNull();
    expect(fileTypeOf('side.html', FIXTURES.html)).toBeNull();
    expect(fileTypeOf('side.txt', FIXTURES.html)).toBeNull();
    expect(fileTypeOf('bilde.svg', FIXTURES.html)).toBeNull();
    expect(fileTypeOf('Budsjett.xlsx', FIXTURES.xlsxWithMacros)).toBeNull();
    expect(fileTypeOf('Budsjett.xlsm', FIXTURES.xlsx)).toBeNull();
    expect(fileTypeOf('Budsjett.docx', FIXTURES.xlsx)).toBeNull();
    expect(fileTypeOf('pakke.zip', FIXTURES.xlsx)).toBeNull();
    expect(fileTypeOf('uten-endelse', FIXTURES.pdf)).toBeNull();
    expect(fileTypeOf('tom.txt', new Uint8Array())).toBeNull();
  });
});
