import { describe, expect, it } from 'vitest';
import { fold, foldSql, plainText, searchTerms, snippetAround } from './search-text';

describe('search text', () => {
  it('folds æøå and accented letters as the SQL does, keeping every position', () => {
    const text = 'ØKONOMI, Årsregnskap og KAFÉ Æble';
    expect(fold(text)).toBe('økonomi, årsregnskap og kafé æble');
    expect(fold(text)).toHaveLength(text.length);
    expect(foldSql('x')).toMatch(/^replace\(.*lower\(x\)/);
    for (const [upper, lower] of [
      ['Æ', 'æ'],
      ['Ø', 'ø'],
      ['Å', 'å'],
      ['É', 'é'],
    ])
      expect(foldSql('x')).toContain(`'${upper}', '${lower}'`);
  });

  it('splits the query into at most five distinct folded words', () => {
    expect(searchTerms('  Økonomi  ØKONOMI regnskap a b c d e ')).toEqual(['økonomi', 'regnskap', 'a', 'b', 'c']);
  });

  it('makes Markdown plain: link text stays, markup goes', () => {
    expect(plainText('## Tittel\n\n- **Fet** og _kursiv_ med [lenke](https://example.no) og `kode`\n> sitat')).toBe(
      'Tittel Fet og kursiv med lenke og kode sitat',
    );
  });

  it('cuts a snippet around the first hit at word boundaries, marking what was left out', () => {
    const words = Array.from({ length: 80 }, (_, i) => `ord${i}`);
    words[50] = 'Økonomi';
    const snippet = snippetAround(words.join(' '), ['økonomi']);
    expect(snippet).toMatch(/^…ord\d+ /);
    expect(snippet).toMatch(/ …$/);
    expect(snippet).toContain('Økonomi');
    expect(snippet.length).toBeLessThanOrEqual(165);
    expect(snippetAround('Kort tekst.', ['sjiraff'])).toBe('Kort tekst.');
  });
});
