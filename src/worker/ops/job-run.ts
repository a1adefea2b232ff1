/**
 * One scheduled job's run, seen by the operator: counted by outcome, and a failure logged as
 * one line. A locked database (another process holds it: a backup, a migration, `sqlite3`) is
 * a wait, not a fault — one warning line, no stack and no error report, and the next run tries
 * again; anything else is an unexpected error (logged with its stack, sent to Sentry).
 */
import { isBusy } from '#db/errors';
import type { JobOutcome } from './metrics';
import type { Telemetry } from './telemetry';

const LOCKED = 'databasen er låst av en annen prosess; neste kjøring prøver igjen';

export const jobOutcome = (err: unknown): JobOutcome => (isBusy(err) ? 'busy' : 'failed');

/** Runs `run` as job `name`; resolves or rejects as it does, after counting and logging. */
export async function observeJob<T>(telemetry: Telemetry | undefined, name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const value = await run();
    telemetry?.metrics.job(name, 'ok');
    return value;
  } catch (err) {
    const outcome = jobOutcome(err);
    telemetry?.metrics.job(name, outcome);
    const durationMs = Math.round(performance.now() - started);
    if (outcome === 'busy') telemetry?.log({ level: 'warn', msg: 'job', job: name, outcome, durationMs, error: LOCKED });
    // Awaited: a job answers no one, and on Workers the report must be sent before the run ends.
    else await telemetry?.error(err, { job: name });
    throw err;
  }
}
