/**
 * `npm run bench`: measures the speed budgets of docs/decisions/0003-performance-budgets.md
 * (the landing's weight: 0006-landing-islands.md, scripts/bench/landing.ts) against the product as `npm start` runs it (startNodeServer, fresh temp database), prints a
 * table of figure / budget / ok and exits 1 if any budget is missed. Tests never assert
 * wall-clock times; this is where speed lives.
 *
 * Sizes: 1 KB = 1024 bytes. "gzip -9" = the body gzipped here with node:zlib at level 9.
 */
import { chromium, type Browser, type BrowserContextOptions } from '@playwright/test';
import autocannon from 'autocannon';
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { htmlFiles } from '#support/dist';
import { appPagesBench } from './bench/app-pages';
import { concurrencyLoad } from './bench/concurrency';
import { entriesCompared } from './bench/entries';
import { guideBench } from './bench/guide';
import { mailQueueBench } from './bench/mail-queue';
import { importBench } from './bench/imports';
import { newsletterBench } from './bench/newsletters';
import { operatorOverhead } from './bench/operator-overhead';
import { measureLanding } from './bench/landing';
import { lighthousePages } from './bench/lighthouse-pages';
import { lockBench } from './bench/lock';
import { scrollThrough, settle } from './bench/page';
import { type Row, kb } from './bench/report';
import { roundTripsPerRoute } from './bench/round-trips';
import { scaleBench } from './bench/scale/run';
import { serverLatency } from './bench/server-latency';
import { benchSession } from './bench/session';
import { staticVsBaseline } from './bench/static-rps';
import { DESKTOP, PHONE } from '#support/widths';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_ARGS = ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const HERO_TITLE = 'Soloprenør. Start alene. Bygg stort.';
// «Om meg» (#om-meg) is built only once an admin has named the founder (0040), so not required here.
const SECTIONS = ['#problem', '#løsning', '#tilbud', '#faq'];

// ── results ────────────────────────────────────────────────────────────────────────────────
const rows: Row[] = [];
const notes: string[] = [];
function row(figure: string, value: string, budget = '', ok: boolean | null = null) {
  rows.push({ figure, value, budget, ok });
}
function merge(part: { rows: Row[]; notes: string[] }) {
  rows.push(...part.rows);
  notes.push(...part.notes);
}
function failed(figure: string, err: unknown) {
  row(figure, `error: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`, 'must run', false);
}
const ms = (n: number) => `${n} ms`; // autocannon's histogram resolves whole milliseconds
const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

// ── helpers ────────────────────────────────────────────────────────────────────────────────
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

// ── the server ─────────────────────────────────────────────────────────────────────────────
async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = fork('scripts/bench/server.ts', [JSON.stringify(env)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start within 60 s')), 60_000);
    child.once('message', () => (clearTimeout(timer), resolve()));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`server exited (${code}) before listening`))));
  });
  return child;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.send({ stop: true });
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

// ── measurements ───────────────────────────────────────────────────────────────────────────
async function noJsLanding(browser: Browser, base: string) {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const res = await page.goto(base + '/', { waitUntil: 'load' });
    const h1 = (
      (await page
        .locator('h1')
        .first()
        .innerText({ timeout: 5_000 })
        .catch(() => '')) ?? ''
    )
      .replace(/\s+/g, ' ')
      .trim();
    const missing: string[] = [];
    if (h1 !== HERO_TITLE) missing.push(`h1 is «${h1}»`);
    for (const sel of ['#lead-form', ...SECTIONS]) {
      if ((await page.locator(`[id="${sel.slice(1)}"]`).count()) === 0) missing.push(sel);
    }
    if (res?.status() !== 200) missing.push(`status ${res?.status()}`);
    row(
      'Landing renders with JS off (h1, #lead-form, 4 sections)',
      missing.length ? `missing: ${missing.join(', ')}` : 'complete',
      'complete',
      missing.length === 0,
    );
  } finally {
    await context.close();
  }
}

const CLS_OBSERVER = `(() => {
  window.__cls = 0;
  window.__shifts = [];
  const describe = (n) => !n ? '?' : n.nodeType !== 1 ? n.nodeName : n.tagName.toLowerCase() + (n.id ? '#' + n.id : '') + (typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__cls += e.value;
      window.__shifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})()`;

async function layoutShift(browser: Browser, base: string, label: string, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  try {
    await context.addInitScript(CLS_OBSERVER);
    const page = await context.newPage();
    await page.goto(base + '/', { waitUntil: 'load' });
    await settle(page);
    await scrollThrough(page);
    await settle(page);
    const { cls, shifts } = (await page.evaluate('({ cls: window.__cls, shifts: window.__shifts })')) as {
      cls: number;
      shifts: { value: number; at: number; sources: string[] }[];
    };
    for (const s of shifts) notes.push(`Layout shift (${label}): ${s.value.toFixed(4)} at ${s.at} ms — ${s.sources.join(', ')}`);
    const { width, height } = options.viewport!;
    row(`CLS over load + scroll, ${label} ${width}×${height}`, cls.toFixed(4), '0', cls === 0);
  } finally {
    await context.close();
  }
}

type LhAudit = {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: { items?: Record<string, unknown>[] };
};

/** A failing audit's first items, in one line each, so the output says *what* failed. */
function auditItems(a: LhAudit, max = 5): string[] {
  const items = a.details?.items ?? [];
  const flat = (v: unknown): string =>
    v && typeof v === 'object'
      ? 'items' in v && Array.isArray((v as { items: unknown[] }).items)
        ? (v as { items: unknown[] }).items.map(flat).join(', ')
        : Object.entries(v as Record<string, unknown>)
            .filter(([k]) => !['type', 'lhId', 'boundingRect', 'path'].includes(k))
            .map(([k, x]) => [k, typeof x === 'object' ? flat(x) : String(x)] as const)
            .filter(([, x]) => x !== '')
            .map(([k, x]) => `${k}=${x}`)
            .join(' ')
      : String(v);
  const lines = items.slice(0, max).map((it) => `    – ${flat(it).slice(0, 300)}`);
  if (items.length > max) lines.push(`    – … ${items.length - max} more`);
  return lines;
}
type LhReport = {
  runtimeError?: { message: string };
  runWarnings?: string[];
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
};

async function lighthouse(base: string, dir: string) {
  const out = join(dir, 'lighthouse.json');
  const args = [
    base + '/',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    '--quiet',
  ];
  const status = await new Promise<number>((resolve) => {
    const p = spawn('node_modules/.bin/lighthouse', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CHROME_PATH: CHROMIUM },
    });
    const timer = setTimeout(() => p.kill('SIGKILL'), 180_000);
    p.on('exit', (code) => (clearTimeout(timer), resolve(code ?? 1)));
  });
  if (status !== 0 || !existsSync(out)) throw new Error(`lighthouse exited ${status}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as LhReport;
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  for (const w of report.runWarnings ?? []) notes.push(`Lighthouse warning: ${w}`);

  const budgets: [string, number][] = [
    ['performance', 95],
    ['accessibility', 100],
    ['best-practices', 100],
    ['seo', 100],
  ];
  for (const [id, min] of budgets) {
    const cat = report.categories[id];
    const score = cat?.score == null ? NaN : Math.round(cat.score * 100);
    row(`Lighthouse ${cat?.title ?? id} (mobile)`, Number.isNaN(score) ? 'n/a' : String(score), `≥ ${min}`, score >= min);
    for (const ref of cat?.auditRefs ?? []) {
      const a = report.audits[ref.id];
      if (!a || a.score === null || a.score >= 1 || !['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
        continue;
      if (id === 'performance' && ref.weight === 0 && a.scoreDisplayMode !== 'metricSavings') continue;
      notes.push(
        [
          `Lighthouse ${id}: ${a.id} — ${a.title} (score ${a.score}${a.displayValue ? `, ${a.displayValue}` : ''}${ref.weight ? `, weight ${ref.weight}` : ''})`,
          ...auditItems(a),
        ].join('\n'),
      );
    }
  }
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ]
    .map((id) => report.audits[id])
    .filter((a): a is LhAudit => !!a)
    .map((a) => `${a.id.replace(/-/g, ' ')} ${a.displayValue ?? '?'} (${a.score})`);
  notes.push(`Lighthouse metrics: ${metrics.join(' · ')}`);
}

const XFF = (i: number) => `203.0.113.${(i % 254) + 1}`;

async function load(
  label: string,
  url: string,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; spreadIps?: boolean },
) {
  let n = 0;
  const run = (duration: number, max: number) =>
    autocannon({
      url,
      method: opts.method ?? 'GET',
      headers: opts.headers,
      body: opts.body,
      connections: 10,
      duration,
      maxOverallRequests: max,
      timeout: 5,
      requests: opts.spreadIps
        ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': XFF(n++) } }) }]
        : undefined,
    });
  await run(1, 2_000); // warm-up: JIT, connection pools, SQLite page cache
  const r = await run(5, 50_000);
  const codes = Object.entries(r.statusCodeStats ?? {})
    .map(([code, s]) => `${code}×${(s as { count: number }).count}`)
    .join(' ');
  notes.push(
    `${label}: ${r.requests.total} requests in ${r.duration.toFixed(1)} s over ${r.connections} connections; ` +
      `latency p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ` +
      `${Math.round(r.requests.average)} req/s; status ${codes || 'none'}; errors ${r.errors}, timeouts ${r.timeouts}`,
  );
  return r;
}

async function apiLoad(base: string, dbFile: string) {
  // GET /api/health
  const health = await load('GET /api/health', `${base}/api/health`, {});
  const healthOk = health.non2xx === 0 && health.errors === 0;
  row('GET /api/health p50 latency', ms(health.latency.p50));
  row('GET /api/health p99 latency', ms(health.latency.p99), '≤ 50 ms', health.latency.p99 <= 50 && healthOk);
  row(
    'GET /api/health throughput',
    `${Math.round(health.requests.average)} req/s`,
    '≥ 500 req/s',
    health.requests.average >= 500 && healthOk,
  );

  const sessionToken = await benchSession(base, dbFile);
  const me = await load('GET /api/auth/me', `${base}/api/auth/me`, { headers: { authorization: `Bearer ${sessionToken}` } });
  const meOk = me.non2xx === 0 && me.errors === 0;
  row('GET /api/auth/me p50 latency', ms(me.latency.p50));
  row('GET /api/auth/me p99 latency', ms(me.latency.p99), '≤ 50 ms', me.latency.p99 <= 50 && meOk);
  row(
    'GET /api/auth/me throughput',
    `${Math.round(me.requests.average)} req/s`,
    '≥ 500 req/s',
    me.requests.average >= 500 && meOk,
  );
  // The most frequent call against the cheapest one that also reads the database.
  const ratio = me.requests.average / health.requests.average;
  row('GET /api/auth/me ÷ /api/health throughput', `${ratio.toFixed(2)}×`, '≥ 0.6×', ratio >= 0.6 && meOk && healthOk);

  // POST /api/event, spread over 254 addresses so the per-IP limit (300/h) is not what's measured.
  const ev = await load('POST /api/event', `${base}/api/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ eventName: 'faq_open', eventProps: { question: 'Hva koster det?' } }),
    spreadIps: true,
  });
  const limited = (ev.statusCodeStats as Record<string, { count: number }> | undefined)?.['429']?.count ?? 0;
  const evOk = ev.non2xx === 0 && ev.errors === 0;
  row('POST /api/event p50 latency', ms(ev.latency.p50));
  row('POST /api/event p99 latency', ms(ev.latency.p99), '≤ 100 ms', ev.latency.p99 <= 100 && evOk);
  row('POST /api/event throughput', `${Math.round(ev.requests.average)} req/s`);
  row('POST /api/event 429 (rate limited) / other non-2xx', `${limited} / ${ev.non2xx - limited}`, '0 / 0', ev.non2xx === 0);
}

function pageSizes() {
  for (const file of htmlFiles('dist').sort()) {
    const body = readFileSync(file);
    row(`Page ${relative('dist', file)} (gzip -9)`, `${kb(gz(body))} (raw ${kb(body.length)})`);
  }
}

function printTable() {
  const head = { figure: 'figure', value: 'measured', budget: 'budget', ok: 'ok' };
  const ok = (r: Row) => (r.ok === null ? '–' : r.ok ? 'ok' : 'FAIL');
  const w = {
    figure: Math.max(head.figure.length, ...rows.map((r) => r.figure.length)),
    value: Math.max(head.value.length, ...rows.map((r) => r.value.length)),
    budget: Math.max(head.budget.length, ...rows.map((r) => r.budget.length)),
  };
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padEnd(w.figure)}  ${b.padEnd(w.value)}  ${c.padEnd(w.budget)}  ${d}`;
  console.log('\n' + line(head.figure, head.value, head.budget, head.ok));
  console.log(line('-'.repeat(w.figure), '-'.repeat(w.value), '-'.repeat(w.budget), '----'));
  for (const r of rows) console.log(line(r.figure, r.value, r.budget, ok(r)));
}

/** Prints the table and the details, and exits 1 if any budget was missed. */
function finish(): never {
  printTable();
  if (notes.length) console.log('\nDetails:\n' + notes.map((n) => `• ${n}`).join('\n'));
  const missed = rows.filter((r) => r.ok === false);
  console.log(
    `\n${missed.length ? `${missed.length} budget(s) missed: ${missed.map((r) => r.figure).join('; ')}` : 'All budgets met.'}`,
  );
  process.exit(missed.length ? 1 : 0);
}

// ── main ───────────────────────────────────────────────────────────────────────────────────
// `npm run bench -- --scale`: only the figures at 100 000 users (scripts/bench/scale/run.ts).
if (process.argv.includes('--scale')) {
  await scaleBench({ row, note: (text) => void notes.push(text) }).catch((e) => failed('Scale bench', e));
  finish();
}

if (!existsSync('dist/index.html')) {
  console.log('▶ dist/ missing: npx astro build');
  const build = spawnSync('npx', ['astro', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(1);
}

/** Newest modification time under the build's inputs, to warn when dist/ is older than the source. */
function newestInput(paths: string[]): number {
  let newest = 0;
  for (const p of paths) {
    if (!existsSync(p)) continue;
    const st = statSync(p);
    newest = Math.max(newest, st.isDirectory() ? newestInput(readdirSync(p).map((n) => join(p, n))) : st.mtimeMs);
  }
  return newest;
}
if (newestInput(['src', 'public', 'astro.config.mjs']) > statSync('dist/index.html').mtimeMs) {
  const warning =
    'dist/ is older than src/, public/ or astro.config.mjs: the page figures are for the old build (run `npm run build` first).';
  console.log(`⚠ ${warning}`);
  notes.push(warning);
}

const dir = mkdtempSync(join(tmpdir(), 'soloprenor-bench-'));
const dbFile = join(dir, 'app.db');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(
  `▶ Starting the product on ${base} (database ${dbFile}); load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`,
);
const server = await startServer({
  APP_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: base,
  DATABASE_URL: `file:${dbFile}`,
  TRUST_PROXY: 'true',
});

let browser: Browser | null = null;
try {
  console.log('▶ Landing page: no-JS render, sizes, scripts');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_ARGS });
  await noJsLanding(browser, base).catch((e) => failed('Landing renders with JS off', e));
  await measureLanding(browser, base).then(merge, (e) => failed('Landing weight', e));
  console.log('▶ Layout shift at phone and desktop width');
  await layoutShift(browser, base, 'phone', PHONE).catch((e) => failed('CLS phone', e));
  await layoutShift(browser, base, 'desktop', DESKTOP).catch((e) => failed('CLS desktop', e));
  console.log("▶ App pages: the JavaScript each loads, signed in as its user; the landing's first round trip");
  await appPagesBench(browser, base, dbFile, { row, note: (text) => void notes.push(text) }).catch((e) => failed('App pages', e));
  await browser.close();
  browser = null;

  console.log('▶ Lighthouse (mobile) on /');
  await lighthouse(base, dir).catch((e) => failed('Lighthouse', e));
  console.log('▶ Lighthouse (mobile) ×3 each, in turn: the landing against its unstyled DOM, and the app pages signed in');
  await lighthousePages(base, dbFile, dir, { row, note: (text) => void notes.push(text) }).catch((e) =>
    failed('Lighthouse landing and app pages', e),
  );

  const [load1] = loadavg();
  console.log(
    `▶ API under load (autocannon, 10 connections, 1 s warm-up + 5 s each); load average ${load1!.toFixed(2)} on ${availableParallelism()} cores`,
  );
  if (load1! > availableParallelism()) {
    notes.push(
      `The machine was busy (1-minute load average ${load1!.toFixed(2)} on ${availableParallelism()} cores) when the API load test started: its figures are pessimistic.`,
    );
  }
  await apiLoad(base, dbFile).catch((e) => failed('API load', e));
  const report = { row, note: (text: string) => void notes.push(text) };
  console.log('▶ Guide: round trips per route, latency under 20 clients, screen JS');
  await guideBench(base, dbFile, report).catch((e) => failed('Guide', e));
  console.log('▶ Mail queue: mails/s to the outbox transport, sign-in enqueue latency while delivering');
  await mailQueueBench(report).catch((e) => failed('Mail queue', e));
  console.log('▶ Newsletter: 10 000 recipients snapshotted and queued');
  await newsletterBench(report).catch((e) => failed('Newsletter send', e));
  console.log('▶ Member import: 50 000 rows uploaded, previewed and applied while /api/health is asked every 20 ms');
  await importBench(report).catch((e) => failed('Member import', e));
  console.log('▶ Database round trips per API route (counted at the libSQL client)');
  await roundTripsPerRoute(report).catch((e) => failed('Round trips per API route', e));
  console.log('▶ Main routes at 20 connections: Node entry, then the Workers path (wrangler dev + sqld)');
  await entriesCompared(report, { base, dbFile }).catch((e) => failed('Node entry vs Workers path', e));

  console.log('▶ Another process holds the database write lock for 10 s: pages, health and sign-ups meanwhile');
  await lockBench(report, { base, dbFile }).catch((e) => failed('Database locked by another process', e));

  console.log('▶ Static landing against a plain node:http server with the same bytes (20 connections)');
  await staticVsBaseline(base).then(merge, (e) => failed('Static landing vs node:http', e));
  console.log("▶ The operator's overhead: GET /api/health with the request log and metrics, and without (10 connections)");
  await operatorOverhead().then(merge, (e) => failed("The operator's overhead", e));
  console.log('▶ 200 concurrent clients × 30 s on /, /api/auth/me, POST /api/event, POST /api/lead');
  await benchSession(base, dbFile, 'bench-load@soloprenor.no')
    .then((token) => concurrencyLoad(base, token, serverLatency(server)))
    .then(merge, (e) => failed('200 concurrent clients', e));

  pageSizes();
} finally {
  await browser?.close().catch(() => {});
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}

finish();
