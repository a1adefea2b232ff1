import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#support/app';
import { builtSite, htmlFiles } from '#support/dist';

/** The hash source a browser checks an inline element's text against. */
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** Every inline script (no `src`) and style element of a page, as a browser would run them. */
function inlineCode(html: string) {
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]!);
  return { scripts, styles };
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name)
    ?.slice(1) ?? [];

/** The policy `_headers` gives every path on Workers. */
function workersCsp(dist: string): string {
  const line = readFileSync(join(dist, '_headers'), 'utf8')
    .split('\n')
    .find((l) => l.trim().startsWith('Content-Security-Policy:'));
  return line!.trim().slice('Content-Security-Policy:'.length).trim();
}

describe('content security policy of the built site', () => {
  it('runs no inline code by default: scripts and styles only from this origin or by hash', () => {
    const csp = workersCsp(builtSite());
    for (const name of ['script-src', 'style-src']) {
      const sources = directive(csp, name);
      expect(sources[0]).toBe("'self'");
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      for (const source of sources.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    }
  });

  it('allows every inline script and style of every page, in dist/_headers and in the app’s own header', async () => {
    const dist = builtSite();
    const t = await createTestApp({ site: dist });
    try {
      const fromWorkers = workersCsp(dist);
      for (const file of htmlFiles(dist)) {
        const page = `/${relative(dist, file)
          .replace(/\.html$/, '')
          .replace(/^index$/, '')}`;
        const res = await t.request(page);
        const fromApp = res.headers.get('content-security-policy') ?? '';
        const { scripts, styles } = inlineCode(readFileSync(file, 'utf8'));
        expect(scripts.length + styles.length, page).toBeGreaterThan(0);
        for (const csp of [fromWorkers, fromApp]) {
          for (const code of scripts)
            expect(directive(csp, 'script-src'), `script on ${page}: ${code.slice(0, 80)}`).toContain(sha256(code));
          for (const code of styles)
            expect(directive(csp, 'style-src'), `style on ${page}: ${code.slice(0, 80)}`).toContain(sha256(code));
        }
      }
    } finally {
      t.close();
    }
  });

  it('keeps every _headers line within Workers’ limit of 2,000 characters', () => {
    const lines = readFileSync(join(builtSite(), '_headers'), 'utf8').split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(2000);
  });
});
