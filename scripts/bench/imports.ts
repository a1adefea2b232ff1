/**
 * A 50 000-row member import, for `npm run bench` (docs/decisions/0052-member-import.md): the
 * upload (one request: the file read and its rows stored for the preview), the import job
 * previewing the rows, then applying them, a chunk per run back to back — harder than the Node
 * schedule (a quarter of a second each second) — while a client asks `/api/health` every 20 ms,
 * on an in-process app over a fresh libSQL file. Prints how long each took, what health answered
 * meanwhile, how long each of the job's chunks took and the longest the event loop was held.
 * Alone: `node --import tsx scripts/bench/imports.ts`.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { count, like } from 'drizzle-orm';
import { users } from '#db/schema';
import { createTestApp, type TestApp } from '#support/app';
import { runImports } from '#worker/jobs/imports';
import type { BenchReport } from './report';

const ROWS = 50_000;
/** The job's whole run at 50 000 rows, with room for a busy shared machine. */
const MAX_IMPORT_S = 120;
/** Health while the file is read and the job runs: each step is short, so a probe waits at most about one. */
const MAX_HEALTH_P99_MS = 100;
/** The longest a chunk of the job (one batch) may hold the event loop. */
const MAX_CHUNK_MS = 50;

/** A Ghost members export of `ROWS` rows: every other member subscribed, every tenth with paid time left. */
function ghostFile(): File {
  const lines = [
    'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers,premium_until',
  ];
  for (let i = 0; i < ROWS; i++) {
    const paid = i % 10 === 0;
    lines.push(
      `m${i},medlem${i}@example.no,Medlem ${i},,${i % 2 === 0},false,${paid ? `cus_${i}` : ''},2024-03-14T09:12:45.000Z,,Nyhetsbrev,${paid ? 'Premium' : 'Free'},${paid ? '2099-03-01' : ''}`,
    );
  }
  return new File([lines.join('\n')], 'ghost-members.csv', { type: 'text/csv' });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Asks /api/health every 20 ms until stopped; each answer's time in ms counted from when it was
 * due (the end of the last one + 20 ms), so a wait for a blocked event loop counts too.
 */
function healthProbe(t: TestApp) {
  const times: number[] = [];
  let failures = 0;
  let on = true;
  const loop = (async () => {
    while (on) {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await t.app.request('/api/health');
      times.push(performance.now() - due);
      if (!res.ok) failures++;
    }
  })();
  return {
    stop: async () => {
      on = false;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      return { n: sorted.length, p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.at(-1) ?? 0, failures };
    },
  };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
const health = (h: Awaited<ReturnType<ReturnType<typeof healthProbe>['stop']>>) =>
  `p50 ${ms(h.p50)}, p99 ${ms(h.p99)}, max ${ms(h.max)} (${h.n} probes)${h.failures ? ` · ${h.failures} FAILED` : ''}`;

/**
 * Runs the job a chunk at a time (a run with no budget does one) until `left` says none is left,
 * with health probed meanwhile: the chunks' times and the longest the event loop was held (by a
 * chunk's batch, or anything else on a busy machine).
 */
async function chunked(t: TestApp, step: () => Promise<number>) {
  const probe = healthProbe(t);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const chunks: number[] = [];
  const started = performance.now();
  for (;;) {
    const at = performance.now();
    if ((await step()) === 0) break;
    chunks.push(performance.now() - at);
  }
  const seconds = (performance.now() - started) / 1000;
  loop.disable();
  const sorted = chunks.sort((a, b) => a - b);
  return {
    seconds,
    health: await probe.stop(),
    chunk: { n: sorted.length, p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.at(-1) ?? 0 },
    loopMaxMs: loop.max / 1e6,
  };
}

export async function importBench(out: BenchReport): Promise<void> {
  const t = await createTestApp({});
  try {
    const { sessionToken } = await t.signIn('admin@soloprenor.no');
    const form = new FormData();
    form.set('file', ghostFile());
    // The browser's multipart body, made before the clock starts: encoding it is the client's
    // work, which would otherwise stall this process's event loop and count against the server.
    const encoded = new Request('http://bench/', { method: 'POST', body: form });
    const body = new Uint8Array(await encoded.arrayBuffer());
    const headers = { 'content-type': encoded.headers.get('content-type')!, 'content-length': String(body.length) };

    const probe = healthProbe(t);
    const started = performance.now();
    const res = await t.request('/api/admin/imports', { method: 'POST', body, headers, token: sessionToken });
    const uploadMs = performance.now() - started;
    const duringUpload = await probe.stop();
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const created: { import: { id: string } } = await res.json();

    const previewed = await chunked(t, async () => (await runImports(t.deps, { budgetMs: 0 })).previewed);
    const run = await t.request(`/api/admin/imports/${created.import.id}/run`, {
      json: { sendWelcome: true },
      token: sessionToken,
    });
    if (run.status !== 202) throw new Error(`run: ${run.status} ${await run.text()}`);
    const applied = await chunked(t, async () => (await runImports(t.deps, { budgetMs: 0 })).rows);
    const [made] = await t.db.select({ n: count() }).from(users).where(like(users.email, 'medlem%'));
    const all = made?.n === ROWS;

    out.row(
      `Member import: upload of ${ROWS} rows (one request: read, checked, stored for the preview)`,
      `${(uploadMs / 1000).toFixed(2)} s · health meanwhile ${health(duringUpload)}`,
      `health p99 ≤ ${MAX_HEALTH_P99_MS} ms`,
      duringUpload.p99 <= MAX_HEALTH_P99_MS && duringUpload.failures === 0,
    );
    for (const [what, phase] of [
      ['previewed', previewed],
      ['applied', applied],
    ] as const) {
      out.row(
        `Member import: ${ROWS} rows ${what} by the job (${phase.chunk.n} chunks, back to back)`,
        `${phase.seconds.toFixed(1)} s (${Math.round(ROWS / phase.seconds)} rows/s)${what === 'applied' && !all ? ` · ONLY ${made?.n ?? 0} MEMBERS` : ''}`,
        what === 'applied' ? `≤ ${MAX_IMPORT_S} s, every row` : undefined,
        what === 'applied' ? all && phase.seconds <= MAX_IMPORT_S : null,
      );
      out.row(
        `Member import: one chunk ${what} (the event loop held at most)`,
        `p50 ${ms(phase.chunk.p50)}, p99 ${ms(phase.chunk.p99)}, max ${ms(phase.chunk.max)} · loop held at most ${ms(phase.loopMaxMs)}`,
        `p99 ≤ ${MAX_CHUNK_MS} ms`,
        phase.chunk.p99 <= MAX_CHUNK_MS,
      );
      out.row(
        `/api/health while the job has rows ${what} (every 20 ms)`,
        health(phase.health),
        `p99 ≤ ${MAX_HEALTH_P99_MS} ms, none failed`,
        phase.health.p99 <= MAX_HEALTH_P99_MS && phase.health.failures === 0,
      );
    }
  } finally {
    t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report: BenchReport = {
    row: (figure, value, budget, ok) =>
      console.log(`${ok === false ? '✗' : '·'} ${figure}: ${value}${budget ? ` (budget ${budget})` : ''}`),
    note: (text) => console.log(text),
  };
  await importBench(report);
}
