import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#support/app';
import { assetsHeadersFile, CSP_SOURCES_FILE, inlineSourcesOf, securityHeaderSet } from './security-headers';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A site on disk with the build's list of inline sources beside its page. */
function siteWith(sources: string) {
  const dir = mkdtempSync(join(tmpdir(), 'soloprenor-site-'));
  writeFileSync(join(dir, 'index.html'), '<h1>Forside</h1>');
  writeFileSync(join(dir, CSP_SOURCES_FILE), sources);
  return { dir, [Symbol.dispose]: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('security headers', () => {
  it('the Workers _headers file carries exactly the headers the app sets, and detaches the document ones from other files', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.request('/');
      const file = assetsHeadersFile(undefined, undefined, ['/og.png']);
      for (const [name, value] of Object.entries(securityHeaderSet())) {
        expect(res.headers.get(name)).toBe(value);
        expect(file).toContain(`  ${name}: ${value}\n`);
      }
      expect(file.startsWith('/*\n')).toBe(true);
      const rules = file.split(/\n(?=\/)/);
      for (const path of ['/_astro/*', '/og.png']) {
        const rule = rules.find((r) => r.startsWith(`${path}\n`))!;
        expect(rule, path).toContain('  ! Content-Security-Policy\n');
        expect(rule, path).toContain('  ! Strict-Transport-Security\n');
        expect(rule, path).not.toContain('X-Content-Type-Options');
      }
    } finally {
      t.close();
    }
  });

  it('allows no inline code and no foreign script origin by default, and only the configured analytics origin', async () => {
    const csp = securityHeaderSet()['Content-Security-Policy'];
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    const t = await createTestApp({ env: { PUBLIC_ANALYTICS_SRC: 'https://plausible.io/js/script.js' } });
    try {
      const withAnalytics = (await t.app.request('/')).headers.get('content-security-policy')!;
      expect(withAnalytics).toContain("script-src 'self' https://plausible.io;");
      expect(withAnalytics).toContain("connect-src 'self' https://plausible.io;");
    } finally {
      t.close();
    }
  });

  it('hashes every inline script and style of the pages, and leaves scripts with a src to script-src self', async () => {
    const pages = [
      '<head><style>body{color:red}</style><script type="module">a()</script></head><script src="/_astro/x.js"></script>',
      '<script>a()</script><script type="module">a()</script><style media="print">p{}</style>',
    ];
    const { scripts, styles } = await inlineSourcesOf(pages);
    expect(scripts).toEqual([sha256('a()')]);
    expect(styles).toEqual([sha256('body{color:red}'), sha256('p{}')].sort());
  });

  it('the app sends the hashes the build listed in dist/ on its pages', async () => {
    const inline = { scripts: [sha256('a()')], styles: [sha256('p{}')] };
    using site = siteWith(JSON.stringify(inline));
    const t = await createTestApp({ site: site.dir });
    try {
      for (const path of ['/', '/index.html']) {
        const csp = (await t.app.request(path)).headers.get('content-security-policy');
        expect(csp).toBe(securityHeaderSet(undefined, inline)['Content-Security-Policy']);
        expect(csp).toContain(`script-src 'self' ${sha256('a()')};`);
        expect(csp).toContain(`style-src 'self' ${sha256('p{}')};`);
      }
      expect(assetsHeadersFile(undefined, inline)).toContain(`script-src 'self' ${sha256('a()')};`);
    } finally {
      t.close();
    }
  });

  it('allows no inline code when the site is not built or its list is unreadable', async () => {
    using site = siteWith('not json');
    const t = await createTestApp({ site: site.dir });
    try {
      const csp = (await t.app.request('/')).headers.get('content-security-policy');
      expect(csp).toBe(securityHeaderSet()['Content-Security-Policy']);
    } finally {
      t.close();
    }
  });
});
