/**
 * The landing's weight, as a visitor's browser fetches it (docs/decisions/0006-landing-islands.md):
 * before any scroll everything transferred (HTML, CSS, icons, anything else) and not one
 * JavaScript file; after scrolling the whole page, every JavaScript file it fetched. Also the
 * render-blocking scripts in the head and every CSP violation on the way, since the CSP allows
 * only the inline code the build hashed.
 *
 * Sizes: 1 KB = 1024 bytes. "Transferred" = response headers + body as sent (compressed if the
 * server compressed it). JavaScript is counted as each file's body gzipped with node:zlib -9.
 */
import type { Browser, BrowserContextOptions, Page, Request } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { scrollThrough, settle } from './page';
import { type Row, KB, kb } from './report';
import { DESKTOP, PHONE } from '#support/widths';

const BEFORE_SCROLL_BUDGET = 40 * KB;
const JS_AFTER_SCROLL_BUDGET = 80 * KB;

// A string, not a function: tsx's name-keeping helpers don't exist in the page.
const CSP_LISTENER = `(() => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || '?') + ' at ' + (e.sourceFile || '?') + ':' + e.lineNumber + (e.sample ? ' «' + e.sample + '»' : ''));
  });
})()`;

export type Fetched = { url: string; type: string; transferred: number; gzip: number };

/** Records every finished request of a page: its transferred size, and for scripts the gzip -9 size of the body. */
export function recorder(page: Page) {
  const pending: Promise<Fetched | null>[] = [];
  const measure = async (request: Request): Promise<Fetched | null> => {
    const response = await request.response();
    if (!response) return null;
    const sizes = await request.sizes();
    const isJs = request.resourceType() === 'script' || /javascript/i.test(response.headers()['content-type'] ?? '');
    return {
      url: request.url(),
      type: isJs ? 'script' : request.resourceType(),
      transferred: sizes.responseHeadersSize + sizes.responseBodySize,
      gzip: isJs ? gzipSync(await response.body(), { level: 9 }).length : 0,
    };
  };
  page.on('requestfinished', (request) => pending.push(measure(request).catch(() => null)));
  return {
    /** Everything finished so far; later requests go to the next call. */
    async take(): Promise<Fetched[]> {
      const done = await Promise.all(pending.splice(0));
      return done.filter((f): f is Fetched => f !== null);
    },
  };
}

function renderBlockingScripts(html: string): string[] {
  const head = html.slice(0, Math.max(0, html.search(/<\/head>/i)));
  return [...head.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1] ?? '')
    .filter((attrs) => {
      const type = /\btype=["']?([^"' >]+)/i.exec(attrs)?.[1]?.toLowerCase();
      if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) return false; // data, not code
      // An inline classic script runs where it stands, but fetches nothing: it blocks only for its own few bytes.
      if (!/\bsrc=/i.test(attrs)) return false;
      return !(type === 'module' || /\basync\b/i.test(attrs) || /\bdefer\b/i.test(attrs));
    });
}

export const list = (files: Fetched[], size: (f: Fetched) => number, base: string) =>
  files.map((f) => `    ${kb(size(f)).padStart(9)}  ${f.type.padEnd(10)} ${f.url.replace(base, '')}`).join('\n');

/** The pages held to the landing's budget before scroll: the landing, and the pricing page that is built like it. */
const STATIC_PAGES = [
  { path: '/', name: 'Landing' },
  { path: '/priser', name: 'Pricing page /priser' },
] as const;

async function beforeScroll(
  browser: Browser,
  base: string,
  label: string,
  options: BrowserContextOptions,
  { path, name }: (typeof STATIC_PAGES)[number] = STATIC_PAGES[0],
) {
  const rows: Row[] = [];
  const notes: string[] = [];
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    const fetched = recorder(page);
    const res = await page.goto(base + path, { waitUntil: 'load' });
    await settle(page);
    const files = await fetched.take();
    const total = files.reduce((sum, f) => sum + f.transferred, 0);
    const scripts = files.filter((f) => f.type === 'script');
    notes.push(
      `${name} before scroll (${label}): ${files.length} request(s), ${total} bytes transferred:\n${list(files, (f) => f.transferred, base)}`,
    );
    rows.push({
      figure: `${name} before scroll, ${label}: transferred in total`,
      value: kb(total),
      budget: '≤ 40 KB',
      ok: total <= BEFORE_SCROLL_BUDGET,
    });
    rows.push({
      figure: `${name} before scroll, ${label}: JavaScript files`,
      value: scripts.length ? `${scripts.length}: ${scripts.map((s) => s.url.replace(base, '')).join(' ')}` : '0',
      budget: '0',
      ok: scripts.length === 0,
    });
    if (label === 'phone' && path === '/') {
      const blocking = renderBlockingScripts((await res?.text()) ?? '');
      rows.push({
        figure: 'Render-blocking <script src> in <head>',
        value: blocking.length ? blocking.join(' ') : '0',
        budget: '0',
        ok: blocking.length === 0,
      });
    }
  } finally {
    await context.close();
  }
  return { rows, notes };
}

async function afterScroll(browser: Browser, base: string) {
  const rows: Row[] = [];
  const notes: string[] = [];
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(CSP_LISTENER);
    const page = await context.newPage();
    const fetched = recorder(page);
    await page.goto(base + '/', { waitUntil: 'load' });
    await settle(page);
    await scrollThrough(page);
    await settle(page);
    const scripts = (await fetched.take()).filter((f) => f.type === 'script');
    const gzip = scripts.reduce((sum, f) => sum + f.gzip, 0);
    notes.push(
      `Landing JavaScript after scrolling the whole page (phone): ${scripts.length} file(s), ${gzip} bytes gzip -9:\n${list(scripts, (f) => f.gzip, base)}`,
    );
    rows.push({
      figure: 'Landing JavaScript after scrolling the whole page (gzip -9)',
      value: kb(gzip),
      budget: '≤ 80 KB',
      ok: gzip <= JS_AFTER_SCROLL_BUDGET,
    });
    const islands = (await page.evaluate('document.querySelectorAll("astro-island[ssr]").length')) as number;
    rows.push({
      figure: 'Landing islands still unhydrated after the scroll (the toaster waits for a toast)',
      value: String(islands),
      budget: '1',
      ok: islands === 1,
    });
    const csp = (await page.evaluate('window.__csp')) as string[];
    for (const v of csp) notes.push(`CSP violation on /: ${v.replace(base, '')}`);
    rows.push({ figure: 'CSP violations on / (load + scroll)', value: String(csp.length), budget: '0', ok: csp.length === 0 });
  } finally {
    await context.close();
  }
  return { rows, notes };
}

/** Every landing-weight figure, as table rows and the details behind them. */
export async function measureLanding(browser: Browser, base: string): Promise<{ rows: Row[]; notes: string[] }> {
  const parts = [];
  for (const page of STATIC_PAGES) {
    parts.push(await beforeScroll(browser, base, 'phone', PHONE, page));
    parts.push(await beforeScroll(browser, base, 'desktop', DESKTOP, page));
  }
  parts.push(await afterScroll(browser, base));
  return { rows: parts.flatMap((p) => p.rows), notes: parts.flatMap((p) => p.notes) };
}
