/*
 * The app pages' JavaScript budgets (APP_PAGES in scripts/bench/app-pages.ts), checked on the build as it is: every
 * script a page names and every chunk those import statically, gzip -9 each, within the page's
 * budget. Chunks a page imports lazily (an admin section, the campaign views) are not counted
 * here; `npm run bench` loads each page in Chromium, signed in as its user, and counts those too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '../../scripts/bench/app-pages';
import { pageScripts } from '../../scripts/bench/guide';
import { builtSite } from '#support/dist';

const dist = builtSite();
const shell = (path: string) =>
  join(dist, `${path.replace(/^\/guide\/lessons\/.*/, '/guide/lessons').replace(/^\/sertifikat\/.*/, '/sertifikat')}.html`);
const chunks = readdirSync(join(dist, '_astro')).filter((f) => f.endsWith('.js'));
const chunkText = (f: string) => readFileSync(join(dist, '_astro', f), 'utf8');

describe('app pages stay light', () => {
  it.each(APP_PAGES)('$path loads at most its budget of JavaScript', ({ path, budget }) => {
    const { files } = pageScripts(readFileSync(shell(path), 'utf8'));
    const sizes = files.map((f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(budget);
  });

  it('ships React DOM in one shared chunk, and no Markdown renderer', () => {
    expect(chunks.filter((f) => chunkText(f).includes('__SECRET_INTERNALS_DO_NOT_USE_OR_YOU_WILL_BE_FIRED'))).toHaveLength(1);
    expect(chunks.filter((f) => /validateLink|markdown-it/.test(chunkText(f)))).toEqual([]);
  });

  it('keeps zod out of the pages that validate no form', () => {
    for (const path of ['/guide', '/guide/lessons/mindset', '/admin']) {
      const { files } = pageScripts(readFileSync(shell(path), 'utf8'));
      const withZod = files.filter((f) => chunkText(f.replace('/_astro/', '')).includes('$ZodType'));
      expect(withZod, path).toEqual([]);
    }
  });
});

/*
 * The pricing page is built like the landing (docs/decisions/0006-landing-islands.md): its first
 * screen is HTML and CSS only, and its one island (the billing FAQ) wakes when it is scrolled to.
 * Here the build is held to it; `npm run bench` measures both pages in Chromium.
 */
describe('the pricing page holds the landing’s budget', () => {
  const html = readFileSync(join(dist, 'priser.html'), 'utf8');

  it('weighs at most 25 KB before scroll (HTML and its CSS, gzip -9)', () => {
    const css = [...new Set([...html.matchAll(/<link[^>]+href="(\/_astro\/[^"]+\.css)"/g)].map((m) => m[1]!))];
    const sizes = [html, ...css.map((f) => readFileSync(join(dist, f)))].map((b) => gzipSync(b, { level: 9 }).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(25 * 1024);
  });

  it('loads no JavaScript before interaction: no script file, and islands only on scroll', () => {
    expect([...html.matchAll(/<script[^>]*\bsrc=/g)]).toEqual([]);
    const directives = [...html.matchAll(/<astro-island[^>]*\bclient="(\w+)"/g)].map((m) => m[1]);
    expect(directives).toEqual(['visible']);
  });

  it('states both prices with VAT, and the Product/Offer data the page shows', () => {
    const ld = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    const product = JSON.parse(ld ?? '{}') as { '@type': string; offers: { price: string; priceCurrency: string }[] };
    expect(product['@type']).toBe('Product');
    expect(product.offers.map((o) => [o.price, o.priceCurrency])).toEqual([
      ['399', 'NOK'],
      ['1995', 'NOK'],
    ]);
    expect(html).toContain('inkl. mva.');
    expect(html).not.toContain('MEST POPULÆR');
  });
});
