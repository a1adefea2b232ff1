/* A new module's id: the title as an address-safe slug, made unique by the form (the API answers 409 to a taken one). */
import { describe, expect, it } from 'vitest';
import { slugify, uniqueId } from '#shared/slug';

describe('slugify', () => {
  it('lower-cases, spells out æ ø å, drops other accents and joins words with hyphens', () => {
    expect(slugify('Økonomi for Små Bedrifter')).toBe('okonomi-for-sma-bedrifter');
    expect(slugify('Ærlig talt: Café & Crème!')).toBe('aerlig-talt-cafe-creme');
    expect(slugify('  AI  –  verktøy  ')).toBe('ai-verktoy');
  });

  it('falls back when nothing is left, and stays within 60 characters without a trailing hyphen', () => {
    expect(slugify('🚀✨')).toBe('modul');
    const long = slugify(`${'a'.repeat(59)} b`);
    expect(long).toBe('a'.repeat(59));
  });
});

describe('uniqueId', () => {
  it('adds -2, -3 … until the id is free', () => {
    expect(uniqueId('skatt', [])).toBe('skatt');
    expect(uniqueId('skatt', ['skatt'])).toBe('skatt-2');
    expect(uniqueId('skatt', ['skatt', 'skatt-2', 'skatt-4'])).toBe('skatt-3');
  });
});
