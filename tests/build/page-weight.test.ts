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
const shell = (path: string) => join(dist, `${path.replace(/^\/guide\/lessons\/.*/, '/guide/lessons')}.html`);
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
