/**
 * Another process holds the write lock (docs/decisions/0021-database-off-the-event-loop.md) on the
 * running server's database file (tests/support/lock-holder.mjs, as a migration, a backup or
 * `sqlite3` in a terminal would). While it does, `GET /` and `/api/health` are fetched one after
 * another and timed, and sign-ups (`POST /api/lead`) are sent one after another; then the lock is
 * let go and one more sign-up must succeed at once. Before the fix `GET /` took 10 s, writes
 * answered 500, and writes kept failing for up to 40 s after the lock was gone.
 */
import { holdWriteLock } from '#support/lock-holder';
import type { BenchReport } from './report';

const HOLD_MS = 10_000;
/** The same polling without the lock first: on a shared machine, what the figures would be anyway. */
const CONTROL_MS = 3_000;
const BUDGET_MS = 100;
const PAUSE_MS = 50;

type Seen = { max: number; statuses: Map<number, number> };

const statusText = (s: Seen) => [...s.statuses].map(([status, n]) => `${status}×${n}`).join(', ');

/** Sends `request` again and again until `stop()` says so; the slowest answer and every status. */
async function repeat(request: () => Promise<Response>, stopped: () => boolean): Promise<Seen> {
  const seen: Seen = { max: 0, statuses: new Map() };
  while (!stopped()) {
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    seen.max = Math.max(seen.max, performance.now() - started);
    seen.statuses.set(res.status, (seen.statuses.get(res.status) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return seen;
}

export async function lockBench(report: BenchReport, { base, dbFile }: { base: string; dbFile: string }) {
  let n = 0;
  const signUp = () => {
    const ip = `198.18.200.${n++ & 255}`;
    return fetch(`${base}/api/lead`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
      body: JSON.stringify({ email: `laas-${n}@example.no`, acceptTerms: true, consentMarketing: true }),
    });
  };

  const untilLater = (ms: number) => {
    let stop = false;
    setTimeout(() => (stop = true), ms);
    return () => stop;
  };
  const controlStopped = untilLater(CONTROL_MS);
  const [pageControl, healthControl] = await Promise.all([
    repeat(() => fetch(`${base}/`), controlStopped),
    repeat(() => fetch(`${base}/api/health`), controlStopped),
  ]);

  const lock = await holdWriteLock(dbFile);
  let stop = false;
  const timer = setTimeout(() => (stop = true), HOLD_MS);
  let page: Seen, health: Seen, writes: Seen;
  try {
    [page, health, writes] = await Promise.all([
      repeat(
        () => fetch(`${base}/`),
        () => stop,
      ),
      repeat(
        () => fetch(`${base}/api/health`),
        () => stop,
      ),
      repeat(signUp, () => stop),
    ]);
  } finally {
    clearTimeout(timer);
    await lock.release();
  }
  const after = await signUp();
  const healthAfter = await fetch(`${base}/api/health`);

  const held = `lock held ${HOLD_MS / 1000} s by another process`;
  const fast = (s: Seen) => s.max <= BUDGET_MS;
  report.row(
    `GET / and /api/health max latency, no lock (control, ${CONTROL_MS / 1000} s)`,
    `${Math.round(pageControl.max)} ms, ${Math.round(healthControl.max)} ms`,
  );
  report.row(`GET / max latency (${held})`, `${Math.round(page.max)} ms`, `≤ ${BUDGET_MS} ms`, fast(page));
  report.row(`GET / statuses (${held})`, statusText(page), '200 only', [...page.statuses.keys()].join() === '200');
  report.row(`GET /api/health max latency (${held})`, `${Math.round(health.max)} ms`, `≤ ${BUDGET_MS} ms`, fast(health));
  report.row(
    `GET /api/health statuses (${held})`,
    statusText(health),
    '503 (sick)',
    [...health.statuses.keys()].every((s) => s === 503),
  );
  report.row(
    `POST /api/lead statuses (${held})`,
    `${statusText(writes)}; slowest ${Math.round(writes.max)} ms`,
    '503 database_busy only',
    [...writes.statuses.keys()].every((s) => s === 503),
  );
  report.row(
    'POST /api/lead and /api/health just after the lock is let go',
    `${after.status}, ${healthAfter.status}`,
    '201, 200',
    after.status === 201 && healthAfter.status === 200,
  );
}
