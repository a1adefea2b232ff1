/**
 * A 50 000-row member import, for `npm run bench` (docs/decisions/0052-member-import.md): the
 * upload and preview (one request), then the import job applying the rows in chunks back to
 * back — harder than the Node schedule (a quarter of a second each second) — while a client asks
 * `/api/health` every 20 ms, on an in-process app over a fresh libSQL file. Prints how long each
 * took and what health answered meanwhile. Alone: `node --import tsx scripts/bench/imports.ts`.
 */
import { performance } from 'node:perf_hooks';
import { count, like } from 'drizzle-orm';
import { users } from '#db/schema';
import { createTestApp, type TestApp } from '#support/app';
import { runImports } from '#worker/jobs/imports';
import type { BenchReport } from './report';

const ROWS = 50_000;
/** The job's whole run at 50 000 rows, with room for a busy shared machine. */
const MAX_IMPORT_S = 120;
/** Health while the job runs: each chunk is one short batch, so a probe waits at most about one. */
const MAX_HEALTH_P99_MS = 100;

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

export async function importBench(out: BenchReport): Promise<void> {
  const t = await createTestApp({});
  try {
    const { sessionToken } = await t.signIn('admin@soloprenor.no');
    const form = new FormData();
    form.set('file', ghostFile());

    let probe = healthProbe(t);
    let started = performance.now();
    const res = await t.request('/api/admin/imports', { method: 'POST', body: form, token: sessionToken });
    const uploadMs = performance.now() - started;
    const duringUpload = await probe.stop();
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const body: { import: { id: string; preview: { new: number } } } = await res.json();
    const run = await t.request(`/api/admin/imports/${body.import.id}/run`, { json: { sendWelcome: true }, token: sessionToken });
    if (run.status !== 202) throw new Error(`run: ${run.status} ${await run.text()}`);

    probe = healthProbe(t);
    started = performance.now();
    let runs = 0;
    while ((await runImports(t.deps)).rows > 0) runs++;
    const importS = (performance.now() - started) / 1000;
    const during = await probe.stop();
    const [made] = await t.db.select({ n: count() }).from(users).where(like(users.email, 'medlem%'));
    const all = made?.n === ROWS;

    out.row(
      `Member import: upload + preview of ${ROWS} rows (one request)`,
      `${(uploadMs / 1000).toFixed(2)} s · health meanwhile p50 ${ms(duringUpload.p50)}, p99 ${ms(duringUpload.p99)}, max ${ms(duringUpload.max)} (${duringUpload.n} probes)`,
    );
    out.row(
      `Member import: ${ROWS} rows applied by the job (${runs} runs of ≤250 ms, back to back)`,
      `${importS.toFixed(1)} s (${Math.round(ROWS / importS)} rows/s)${all ? '' : ` · ONLY ${made?.n ?? 0} MEMBERS`}`,
      `≤ ${MAX_IMPORT_S} s, every row`,
      all && importS <= MAX_IMPORT_S,
    );
    out.row(
      `/api/health while the import job runs (every 20 ms, ${during.n} probes)`,
      `p50 ${ms(during.p50)}, p99 ${ms(during.p99)}, max ${ms(during.max)}${during.failures ? ` · ${during.failures} FAILED` : ''}`,
      `p99 ≤ ${MAX_HEALTH_P99_MS} ms, none failed`,
      during.p99 <= MAX_HEALTH_P99_MS && during.failures === 0,
    );
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
