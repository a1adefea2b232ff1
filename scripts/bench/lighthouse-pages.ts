/**
 * Lighthouse (mobile, its default throttling) on the landing and the app pages, signed in as
 * each page's user, three runs each taken in turn (A, B, C, A, B, C…) so a busy moment of the
 * machine falls on all pages alike; the median of each figure (docs/decisions/0045-speed.md).
 * Budgets: the landing's Total Blocking Time ≤ 50 ms and its "Style & Layout" ≤ 2× that of a
 * plain page of the same DOM (main-thread.ts `plainBaseline`, served here from memory); the app
 * pages' TBT ≤ 200 ms and Time to Interactive ≤ 2.5 s.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SESSION_COOKIE } from '#shared/constants';
import { sessions } from './app-pages';
import { plainBaseline } from './main-thread';
import type { BenchReport } from './report';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
const LANDING_TBT_MS = 50;
const LANDING_STYLE_LAYOUT_RATIO = 2;
const APP_TBT_MS = 200;
const APP_TTI_MS = 2500;

type Who = 'visitor' | 'learner' | 'admin';
/** The app pages with a budget, and who opens them. `/priser` is measured when the build has it. */
const APP_PAGES: { path: string; who: Who; file: string }[] = [
  { path: '/guide', who: 'learner', file: 'guide.html' },
  { path: '/guide/lessons/mindset', who: 'learner', file: 'guide/lessons.html' },
  { path: '/premium', who: 'learner', file: 'premium.html' },
  { path: '/priser', who: 'visitor', file: 'priser.html' },
  { path: '/admin', who: 'admin', file: 'admin.html' },
];

type Figures = { tbt: number; tti: number; styleLayout: number };
type LhJson = {
  runtimeError?: { message: string };
  audits: Record<string, { numericValue?: number; details?: { items?: { group?: string; duration?: number }[] } }>;
};

async function run(url: string, out: string, cookie: string | null): Promise<Figures> {
  const args = [
    url,
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const status = await new Promise<number>((resolve) => {
    const p = spawn('node_modules/.bin/lighthouse', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: CHROMIUM },
    });
    const timer = setTimeout(() => p.kill('SIGKILL'), 180_000);
    p.on('exit', (code) => (clearTimeout(timer), resolve(code ?? 1)));
  });
  if (status !== 0 || !existsSync(out)) throw new Error(`lighthouse ${url} exited ${status}`);
  // Lighthouse's own report format, written by the run above.
  const report = JSON.parse(readFileSync(out, 'utf8')) as LhJson;
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const breakdown = report.audits['mainthread-work-breakdown']?.details?.items ?? [];
  return {
    tbt: report.audits['total-blocking-time']?.numericValue ?? NaN,
    tti: report.audits['interactive']?.numericValue ?? NaN,
    styleLayout: breakdown.find((i) => i.group === 'styleLayout')?.duration ?? 0,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${Math.round(n)} ms`;

/** The landing's HTML made plain (main-thread.ts), served from memory for as long as `use` runs. */
async function withBaseline<T>(base: string, use: (url: string) => Promise<T>): Promise<T> {
  const html = plainBaseline(await (await fetch(`${base}/`)).text());
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  } finally {
    server.close();
  }
}

export async function lighthousePages(base: string, dbFile: string, dir: string, out: BenchReport): Promise<void> {
  const tokens = await sessions(base, dbFile);
  const pages = APP_PAGES.filter((p) => {
    const built = existsSync(join('dist', p.file));
    if (!built) out.note(`Lighthouse ${p.path}: not in this build (dist/${p.file}), skipped`);
    return built;
  });
  await withBaseline(base, async (baseline) => {
    const targets = [
      { key: '/', url: `${base}/`, cookie: null },
      { key: 'baseline', url: baseline, cookie: null },
      ...pages.map((p) => ({
        key: p.path,
        url: base + p.path,
        cookie: tokens[p.who] ? `${SESSION_COOKIE}=${tokens[p.who]}` : null,
      })),
    ];
    const figures = new Map<string, Figures[]>(targets.map((t) => [t.key, []]));
    for (let r = 0; r < RUNS; r++) {
      for (const [i, t] of targets.entries())
        figures.get(t.key)!.push(await run(t.url, join(dir, `lh-${r}-${i}.json`), t.cookie));
    }
    const med = (key: string, f: keyof Figures) => median(figures.get(key)!.map((x) => x[f]));
    const all = (key: string, f: keyof Figures) =>
      figures
        .get(key)!
        .map((x) => Math.round(x[f]))
        .join('/');

    const tbt = med('/', 'tbt');
    out.row(
      `Lighthouse / Total Blocking Time (mobile, median of ${RUNS})`,
      `${ms(tbt)} (${all('/', 'tbt')})`,
      `≤ ${LANDING_TBT_MS} ms`,
      tbt <= LANDING_TBT_MS,
    );
    const [landing, plain] = [med('/', 'styleLayout'), med('baseline', 'styleLayout')];
    const ratio = landing / Math.max(plain, 1);
    out.row(
      `Lighthouse / Style & Layout ÷ the same DOM unstyled (median of ${RUNS})`,
      `${ratio.toFixed(2)}× (${ms(landing)} vs ${ms(plain)}; runs ${all('/', 'styleLayout')} vs ${all('baseline', 'styleLayout')})`,
      `≤ ${LANDING_STYLE_LAYOUT_RATIO}×`,
      ratio <= LANDING_STYLE_LAYOUT_RATIO,
    );
    for (const p of pages) {
      const [pageTbt, tti] = [med(p.path, 'tbt'), med(p.path, 'tti')];
      out.row(
        `Lighthouse ${p.path} as ${p.who} TBT (mobile, median of ${RUNS})`,
        `${ms(pageTbt)} (${all(p.path, 'tbt')})`,
        `≤ ${APP_TBT_MS} ms`,
        pageTbt <= APP_TBT_MS,
      );
      out.row(
        `Lighthouse ${p.path} as ${p.who} TTI (mobile, median of ${RUNS})`,
        `${ms(tti)} (${all(p.path, 'tti')})`,
        `≤ ${APP_TTI_MS / 1000} s`,
        tti <= APP_TTI_MS,
      );
      out.note(`Lighthouse ${p.path}: Style & Layout ${all(p.path, 'styleLayout')} ms`);
    }
  });
}
