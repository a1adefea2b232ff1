/**
 * The guide's figures for `npm run bench`:
 * - database round trips per guide route (budget ≤ 2, session lookup included), counted on an
 *   in-process app over a seeded database exactly as the tests count them, once with the seed
 *   catalogue and once with 40 more modules, to show the count does not grow with the content;
 * - p50/p99 latency of every guide route under 20 concurrent clients against the running product
 *   (the embedded default), with a real session of its own;
 * - the JavaScript each guide screen loads, gzip -9: every script the built HTML names and every
 *   chunk those import, each file once (so React DOM, shared by all islands of a page, counts once).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '#db/node';
import { lessons, modules, sessions, users } from '#db/schema';
import { DAY } from '#shared/time';
import { randomToken, sha256 } from '#worker/platform/crypto';
import { createTestApp } from '#support/app';
import { type BenchReport, kb } from './report';

type Route = { method: 'GET' | 'POST'; path: string; body?: unknown };
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/guide/modules' },
  { method: 'GET', path: '/api/guide/modules/mindset' },
  { method: 'GET', path: '/api/guide/streak' },
  { method: 'POST', path: '/api/guide/streak' },
  { method: 'GET', path: '/api/guide/progress' },
  { method: 'POST', path: '/api/guide/progress', body: { moduleId: 'mindset', completedSections: ['mindset-quick-win'] } },
  {
    method: 'POST',
    path: '/api/guide/action',
    body: { actionType: 'lesson_completed', actionData: { lessonId: 'mindset-quick-win' }, moduleId: 'mindset' },
  },
];
const label = (r: Route) => `${r.method} ${r.path}`;
const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;

async function roundTrips(out: BenchReport) {
  const t = await createTestApp({ seed: true });
  try {
    const { sessionToken: token } = await t.signIn('bench-guide@soloprenor.no');
    const measure = async (r: Route) => {
      t.roundTrips.reset();
      const res = await t.request(r.path, { method: r.method, token, json: r.method === 'POST' ? (r.body ?? {}) : undefined });
      return { trips: t.roundTrips.count, status: res.status };
    };
    for (const r of ROUTES) {
      const { trips, status } = await measure(r);
      out.row(`Guide ${label(r)} round trips`, String(trips), '≤ 2', trips <= 2 && status === 200);
    }
    const extra = Array.from({ length: 40 }, (_, i) => ({ id: `bench-${i}`, order: 100 + i, title: `Bench ${i}` }));
    await t.db.insert(modules).values(extra);
    await t.db
      .insert(lessons)
      .values(
        extra.flatMap((m) => [1, 2, 3, 4, 5].map((n) => ({ id: `${m.id}-${n}`, moduleId: m.id, title: `L${n}`, order: n }))),
      );
    const large = await measure(ROUTES[0]!);
    out.row(
      'Guide GET /api/guide/modules round trips, 47 modules / 221 lessons',
      String(large.trips),
      '≤ 2',
      large.trips <= 2 && large.status === 200,
    );
  } finally {
    t.close();
  }
}

/** A session for the load test, written straight into the product's database (sign-in itself is benched elsewhere). */
async function benchSession(dbFile: string): Promise<string> {
  const { client, db } = await openDatabase(`file:${dbFile}`);
  try {
    const token = randomToken();
    const id = crypto.randomUUID();
    await db.insert(users).values({ id, email: `bench-guide-${id}@soloprenor.no` });
    await db
      .insert(sessions)
      .values({ tokenHash: await sha256(token), userId: id, expiresAt: new Date(Date.now() + DAY), lastUsedAt: new Date() });
    return token;
  } finally {
    client.close();
  }
}

async function latency(base: string, dbFile: string, out: BenchReport) {
  const token = await benchSession(dbFile);
  for (const r of ROUTES) {
    const run = (duration: number) =>
      autocannon({
        url: base + r.path,
        method: r.method,
        headers: { authorization: `Bearer ${token}`, ...(r.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: r.method === 'POST' ? JSON.stringify(r.body ?? {}) : undefined,
        connections: 20,
        duration,
        timeout: 5,
      });
    await run(1); // warm-up
    const res = await run(3);
    const ok = res.non2xx === 0 && res.errors === 0 && res.timeouts === 0;
    out.row(`Guide ${label(r)} p99, 20 clients`, `${res.latency.p99} ms`, '', ok ? null : false);
    out.note(
      `Guide ${label(r)}, 20 connections: ${res.requests.total} requests in ${res.duration.toFixed(1)} s; ` +
        `p50 ${res.latency.p50} ms, p99 ${res.latency.p99} ms, max ${res.latency.max} ms; ${Math.round(res.requests.average)} req/s; ` +
        `non-2xx ${res.non2xx}, errors ${res.errors}, timeouts ${res.timeouts}`,
    );
  }
}

/** Every JS file a built page loads (its scripts, its islands and their renderer, and what they import), each once. */
export function pageScripts(html: string): { files: string[]; inline: string; renderers: Set<string> } {
  const named = [
    ...html.matchAll(/<script[^>]*\bsrc="(\/_astro\/[^"]+\.js)"/g),
    ...html.matchAll(/\b(?:component|renderer|before-hydration)-url="(\/_astro\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const renderers = new Set([...html.matchAll(/\brenderer-url="([^"]+)"/g)].map((m) => m[1]!));
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('\n');
  const seen = new Set<string>();
  const queue = [...named];
  while (queue.length) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(`dist${url}`, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      queue.push(new URL(m[1]!, `http://x${url}`).pathname);
    }
  }
  return { files: [...seen].sort(), inline, renderers };
}

function screensJs(out: BenchReport) {
  const screens = [
    ['/guide/login', 'dist/guide/login.html'],
    ['/guide/auth', 'dist/guide/auth.html'],
    ['/guide', 'dist/guide.html'],
    ['/guide/lessons/{id}', 'dist/guide/lessons.html'],
  ] as const;
  for (const [path, file] of screens) {
    const { files, inline, renderers } = pageScripts(readFileSync(file, 'utf8'));
    const sizes = files.map((f) => ({ f, size: gz(readFileSync(`dist${f}`)) }));
    const total = sizes.reduce((sum, s) => sum + s.size, 0) + (inline ? gz(inline) : 0);
    const runtime = sizes
      .filter((s) => renderers.has(s.f) || /\/(react|jsx-runtime)\.[\w-]+\.js$/.test(s.f))
      .reduce((sum, s) => sum + s.size, 0);
    out.row(`JS of ${path} (gzip -9)`, `${kb(total)}, React ${kb(runtime)} once`, '', renderers.size <= 1 ? null : false);
    out.note(
      `JS of ${path}: ${sizes.map((s) => `${s.f.replace('/_astro/', '')} ${kb(s.size)}`).join(', ')}${inline ? `, inline ${kb(gz(inline))}` : ''}`,
    );
  }
}

export async function guideBench(base: string, dbFile: string, out: BenchReport) {
  await roundTrips(out);
  await latency(base, dbFile, out);
  screensJs(out);
}
