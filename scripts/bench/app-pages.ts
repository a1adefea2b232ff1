/**
 * What the app pages weigh (docs/decisions/0033-lean-app-pages.md), as a browser fetches them:
 * every JavaScript file a page loads, including the chunks its islands import when they start
 * (an admin section, the campaign views when there is a campaign), gzip -9 per file as the landing
 * is counted (./landing.ts), signed in as the page's user. And the landing's first round trip:
 * its HTML plus every stylesheet that blocks its rendering, brotli as served.
 *
 * Sizes: 1 KB = 1024 bytes.
 */
import type { Browser } from '@playwright/test';
import { createClient } from '@libsql/client';
import { SESSION_COOKIE } from '#shared/constants';
import { DESKTOP } from '#support/widths';
import { list, recorder } from './landing';
import { settle } from './page';
import { rawGet } from './raw-get';
import { type BenchReport, KB, kb } from './report';
import { benchSession } from './session';

type Who = 'visitor' | 'learner' | 'admin';
/** Each page with the user it is for and its budget (docs/decisions/0033-lean-app-pages.md). */
export const APP_PAGES: { path: string; who: Who; budget: number }[] = [
  { path: '/guide/login', who: 'visitor', budget: 60 * KB },
  { path: '/guide', who: 'learner', budget: 80 * KB },
  { path: '/guide/lessons/mindset', who: 'learner', budget: 90 * KB },
  { path: '/admin', who: 'admin', budget: 120 * KB },
  // A certificate's public page: a framework-free script (docs/decisions/0049-certificate-verification.md).
  { path: '/sertifikat/abcdefghijklmnopqrst', who: 'visitor', budget: 4 * KB },
];
export const LANDING_FIRST_TRIP_BUDGET = 14.6 * KB;

/** A learner's and an admin's session on the running product (the admin flag set in its database). */
export async function sessions(base: string, dbFile: string): Promise<Record<Who, string | null>> {
  const learner = await benchSession(base, dbFile, 'bench-pages@soloprenor.no');
  const admin = await benchSession(base, dbFile, 'bench-pages-admin@soloprenor.no');
  const db = createClient({ url: `file:${dbFile}` });
  try {
    await db.execute({ sql: "UPDATE users SET role = 'owner' WHERE email = ?", args: ['bench-pages-admin@soloprenor.no'] });
  } finally {
    db.close();
  }
  return { visitor: null, learner, admin };
}

async function pageJs(browser: Browser, base: string, path: string, token: string | null) {
  const context = await browser.newContext(DESKTOP);
  try {
    if (token) await context.addCookies([{ name: SESSION_COOKIE, value: token, url: base }]);
    const page = await context.newPage();
    const fetched = recorder(page);
    await page.goto(base + path, { waitUntil: 'load' });
    await settle(page);
    const landedOn = new URL(page.url()).pathname;
    const scripts = (await fetched.take()).filter((f) => f.type === 'script');
    return { scripts, gzip: scripts.reduce((sum, f) => sum + f.gzip, 0), landedOn };
  } finally {
    await context.close();
  }
}

/** The landing's HTML and its render-blocking stylesheets, brotli as the server sends them. */
async function landingFirstTrip(base: string, out: BenchReport) {
  const br = { 'accept-encoding': 'br' };
  const html = await rawGet(`${base}/`, br);
  const sheets = blockingStylesheets(await decoded(base));
  let total = html.body.length;
  const parts = [`HTML ${html.body.length} B (${html.headers['content-encoding'] ?? 'identity'})`];
  for (const href of sheets) {
    const css = await rawGet(new URL(href, base).href, br);
    total += css.body.length;
    parts.push(`${href} ${css.body.length} B (${css.headers['content-encoding'] ?? 'identity'})`);
  }
  out.note(`Landing first round trip: ${parts.join(', ')}`);
  out.row('Landing HTML + render-blocking CSS (brotli as served)', kb(total), '≤ 14.6 KB', total <= LANDING_FIRST_TRIP_BUDGET);
}

const decoded = async (base: string) => (await fetch(`${base}/`)).text();

/** `<link rel=stylesheet>` without a media query that lets the page render first (a `<noscript>` one counts only without JavaScript). */
function blockingStylesheets(html: string): string[] {
  return [...html.replace(/<noscript>[\s\S]*?<\/noscript>/gi, '').matchAll(/<link\b[^>]*>/gi)]
    .map((m) => m[0])
    .filter((tag) => /\brel=["']?stylesheet/i.test(tag) && !/\bmedia=["']?print/i.test(tag))
    .map((tag) => /\bhref=["']?([^"' >]+)/i.exec(tag)?.[1] ?? '')
    .filter(Boolean);
}

export async function appPagesBench(browser: Browser, base: string, dbFile: string, out: BenchReport) {
  const tokens = await sessions(base, dbFile);
  for (const { path, who, budget } of APP_PAGES) {
    const { scripts, gzip, landedOn } = await pageJs(browser, base, path, tokens[who]);
    out.note(
      `JS loaded by ${path} (${who}): ${scripts.length} file(s), ${gzip} bytes gzip -9:\n${list(scripts, (f) => f.gzip, base)}`,
    );
    const stayed = landedOn === path;
    out.row(
      `JS loaded by ${path} as ${who} (gzip -9)`,
      stayed ? kb(gzip) : `left for ${landedOn}`,
      `≤ ${kb(budget)}`,
      stayed && gzip <= budget,
    );
  }
  await landingFirstTrip(base, out);
}
