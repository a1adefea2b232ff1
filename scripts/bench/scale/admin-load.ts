/**
 * What an admin does on the 100 000-user data set, and what it costs everyone else
 * (docs/decisions/0045-speed.md): the users list searched with a term that matches and one that
 * does not, the leads searched, a 10 000-row leads export with its body read — each timed to its
 * last byte — and then GET / (the landing) and `/api/health` asked on a timer by clients in other
 * processes over HTTP, first idle, then while a third process (the admin) searches and exports
 * back to back. A search or export that held the server's event loop shows as GET / waiting
 * behind it, and the server's own event-loop delay says how long the longest hold was.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { TestApp } from '#support/app';
import type { Fixture } from '#support/route-calls';
import type { BenchReport } from '../report';

/** Calls per case: a p99 of 100 samples is the second-worst, not the worst. */
const SAMPLES = 100;
const CASE_P99_MS = 50;
const EXPORT_P99_MS = 1000;
const LOAD_MS = 6000;
const EVERY_MS = 10;
const HEALTH_MAX_MS = 100;
/** No piece of work (a query, a chunk of CSV, a page of JSON) may keep other visitors waiting longer. */
const HOLD_MAX_MS = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The admin's calls, each with its answer's expected status (200 unless said) and (for a search) how many it should find. */
function adminCases(f: Fixture) {
  const users = (q: string) => `/api/admin/users?q=${encodeURIComponent(q)}&pageSize=50`;
  return [
    // bruker004300…bruker004399: a hundred addresses.
    { name: 'users search, matching (100 hits)', path: users('bruker0043'), total: 100, budget: CASE_P99_MS },
    { name: 'users search, matching nothing', path: users('finnes-ikke'), total: 0, budget: CASE_P99_MS },
    // Refused with 400 before any query: the trigram index cannot find two characters.
    { name: 'users search, two characters (refused)', path: users('br'), total: undefined, status: 400, budget: CASE_P99_MS },
    {
      name: 'leads search, matching (100 hits)',
      path: `/api/admin/leads?query=bruker0043`,
      total: 100,
      budget: CASE_P99_MS,
    },
    { name: 'leads export, 10 000 rows, body read', path: '/api/admin/leads/export', total: undefined, budget: EXPORT_P99_MS },
  ].map((c) => ({ ...c, token: f.admin.token }));
}

/** One call, timed until its body has been read; the body's text. */
async function timed(t: TestApp, path: string, token: string) {
  const started = performance.now();
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  return { took: performance.now() - started, status: res.status, body };
}

const VISITOR = fileURLToPath(new URL('./visitor.ts', import.meta.url));

type Measured = { ready?: boolean; times?: number[]; rounds?: number };

/** Clients in their own processes (./visitor.ts), started together once all are loaded; what each measured. */
async function clients(base: string, each: string[][]): Promise<Measured[]> {
  const children = each.map((args) => fork(VISITOR, [base, String(LOAD_MS), ...args]));
  const ready = children.map((child) => new Promise((resolve) => child.once('message', resolve)));
  const done = children.map(
    (child) =>
      new Promise<Measured>((resolve, reject) => {
        child.on('message', (m: Measured) => void (m.ready || resolve(m)));
        child.once('exit', (code) => code && reject(new Error(`scale visitor ${each.join(' ')} exited with ${code}`)));
      }),
  );
  await Promise.all(ready);
  for (const child of children) child.send({ go: true });
  return Promise.all(done);
}

export async function adminLoadBench(t: TestApp, f: Fixture, report: BenchReport): Promise<void> {
  const cases = adminCases(f);
  for (const c of cases) {
    const times: number[] = [];
    let wrong = '';
    for (let i = 0; i <= SAMPLES; i++) {
      const { took, status, body } = await timed(t, c.path, c.token);
      if (status !== (c.status ?? 200)) wrong = `HTTP ${status}: ${body.slice(0, 120)}`;
      else if (c.total !== undefined && (JSON.parse(body) as { total: number }).total !== c.total)
        wrong = `found ${(JSON.parse(body) as { total: number }).total}, expected ${c.total}`;
      if (i > 0) times.push(took); // the first call warms the page cache and the JIT
      await turn();
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    report.row(
      `Scale admin ${c.name}`,
      `p50 ${ms(percentile(times, 50))} · p99 ${ms(p99)} · max ${ms(times.at(-1)!)}${wrong ? ' · WRONG' : ''}`,
      `p99 ≤ ${c.budget} ms`,
      p99 <= c.budget && !wrong,
    );
    if (wrong) report.note(`Scale admin ${c.name}: ${wrong}`);
  }

  // The app behind a real HTTP server, asked by clients in other processes: the server's event
  // loop serves them all, as in production, and no sampler shares it.
  const server = createServer(getRequestListener((request) => t.app.fetch(request)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = ['admin', f.admin.token, ...cases.map((c) => c.path)];
  try {
    const idle = (await clients(base, [['sample', '/', String(EVERY_MS)]]))[0]?.times ?? [];
    const held = monitorEventLoopDelay({ resolution: 1 });
    held.enable();
    const [busy, landing, healthChecks] = await clients(base, [
      admin,
      ['sample', '/', String(EVERY_MS)],
      ['sample', '/api/health', String(EVERY_MS)],
    ]);
    const [rounds, loaded, health] = [busy?.rounds ?? 0, landing?.times ?? [], healthChecks?.times ?? []];
    held.disable();
    const [p50Idle, p50Loaded] = [percentile(idle, 50), percentile(loaded, 50)];
    const ratio = p50Loaded / p50Idle;
    report.row(
      `Scale GET / p50 from another process while an admin searches and exports in a loop (${rounds} rounds, ${loaded.length} vs ${idle.length} requests), ÷ idle`,
      `${ratio.toFixed(2)}× (${ms(p50Loaded)} vs ${ms(p50Idle)} idle; p99 ${ms(percentile(loaded, 99))} vs ${ms(percentile(idle, 99))})`,
      '≤ 2×',
      ratio <= 2,
    );
    const longest = held.max / 1e6;
    report.row(
      'Scale longest hold of the event loop meanwhile',
      `max ${ms(longest)} · p99 ${ms(held.percentile(99) / 1e6)}`,
      `max ≤ ${HOLD_MAX_MS} ms`,
      longest <= HOLD_MAX_MS,
    );
    const max = health.at(-1) ?? 0;
    report.row(
      `Scale /api/health from another process while an admin searches and exports (${health.length} requests)`,
      `p50 ${ms(percentile(health, 50))} · max ${ms(max)}`,
      `max ≤ ${HEALTH_MAX_MS} ms`,
      max <= HEALTH_MAX_MS,
    );
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
