import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = 'https://plausible.io/js/script.js';

/** Builds the site twice into temporary folders: as shipped, and with the analytics script configured. */
describe('static build', () => {
  const plain = mkdtempSync(join(tmpdir(), 'soloprenor-build-'));
  const withAnalytics = mkdtempSync(join(tmpdir(), 'soloprenor-build-'));
  const build = (outDir: string, env: Record<string, string> = {}) =>
    execFileSync('npx', ['astro', 'build', '--outDir', outDir], {
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
      stdio: 'pipe',
    });

  beforeAll(() => {
    build(plain, { PUBLIC_ANALYTICS_SRC: '' });
    build(withAnalytics, { PUBLIC_ANALYTICS_SRC: SCRIPT, PUBLIC_SITE_URL: 'https://soloprenor.example' });
  }, 120_000);
  afterAll(() => {
    rmSync(plain, { recursive: true, force: true });
    rmSync(withAnalytics, { recursive: true, force: true });
  });

  it('loads no third-party analytics script unless one is configured', () => {
    const html = readFileSync(join(plain, 'index.html'), 'utf8');
    expect(html).not.toContain('data-domain');
    expect(readFileSync(join(plain, '_headers'), 'utf8')).not.toContain('plausible.io');
  });

  it('loads the configured analytics script with the site hostname as its domain, allowed by the CSP', () => {
    const html = readFileSync(join(withAnalytics, 'index.html'), 'utf8');
    expect(html).toMatch(
      new RegExp(
        `<script[^>]*data-domain="soloprenor.example"[^>]*src="${SCRIPT}"|<script[^>]*src="${SCRIPT}"[^>]*data-domain="soloprenor.example"`,
      ),
    );
    expect(html).toMatch(/<script[^>]*\bdefer\b[^>]*plausible/);
    expect(readFileSync(join(withAnalytics, '_headers'), 'utf8')).toMatch(
      /script-src 'self'( 'sha256-[^']+')+ https:\/\/plausible\.io;/,
    );
  });

  it('loads no third-party script on the app screens, whose addresses can carry sign-in tokens', () => {
    for (const page of ['index.html', 'personvern.html', 'vilkar.html']) {
      expect(readFileSync(join(withAnalytics, page), 'utf8'), page).toContain('plausible.io');
    }
    for (const page of ['guide/auth.html', 'guide/login.html', 'guide.html']) {
      const html = readFileSync(join(withAnalytics, page), 'utf8');
      expect(html, page).not.toContain('plausible.io');
      expect(html, page).not.toContain('data-domain');
    }
  });

  it('moves the sign-in token out of the address with the first script of /guide/auth, before any other runs', () => {
    const html = readFileSync(join(withAnalytics, 'guide', 'auth.html'), 'utf8');
    const first = /<script\b([^>]*)>([\s\S]*?)<\/script>/.exec(html)!;
    expect(first.index).toBeLessThan(html.indexOf('</head>'));
    expect(first[1]).not.toMatch(/\b(src|type|async|defer)=?/);

    // Run it as the browser would, on an address with a token and a return path.
    const stored = new Map<string, string>();
    const replaced: string[] = [];
    const page = {
      URL,
      location: { href: 'https://soloprenor.example/guide/auth?token=abc123&redirect=%2Fguide%2Flessons%2Fbuild' },
      sessionStorage: { setItem: (k: string, v: string) => void stored.set(k, v) },
      history: { state: null, replaceState: (_s: unknown, _t: string, url: URL | string) => void replaced.push(String(url)) },
    };
    runInNewContext(first[2]!, page);
    expect([...stored.values()]).toEqual(['abc123']);
    expect(replaced).toEqual(['https://soloprenor.example/guide/auth?redirect=%2Fguide%2Flessons%2Fbuild']);
  });

  it('writes canonical URLs, the sitemap without private pages, and robots.txt', () => {
    const html = readFileSync(join(withAnalytics, 'personvern.html'), 'utf8');
    expect(html).toContain('<link rel="canonical" href="https://soloprenor.example/personvern">');
    expect(html).toContain('<html lang="nb"');
    expect(html).toContain('property="og:image" content="https://soloprenor.example/og.png"');
    const sitemap = readFileSync(join(withAnalytics, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://soloprenor.example/vilkar</loc>');
    expect(sitemap).not.toMatch(/guide|takk|404/);
    expect(existsSync(join(withAnalytics, 'robots.txt'))).toBe(true);
    expect(readFileSync(join(withAnalytics, 'guide', 'login.html'), 'utf8')).toContain('<meta name="robots" content="noindex">');
  });

  it('ships the admin quick-login buttons and their test addresses only in dev mode', () => {
    const scripts = readdirSync(join(plain, '_astro')).filter((f) => f.endsWith('.js'));
    expect(scripts.some((f) => readFileSync(join(plain, '_astro', f), 'utf8').includes('Send innloggingslenke'))).toBe(true);
    for (const f of scripts)
      expect(readFileSync(join(plain, '_astro', f), 'utf8'), f).not.toMatch(/admin@soloprenor\.no|utvikler@soloprenor\.no/);
  });
});
