/**
 * Every scheduled job, listed once. The Node entry runs them hourly; on Workers the cron
 * trigger in wrangler.toml does too (the reminders go from 18:00 Oslo time). Each job is
 * idempotent, so how often a runtime runs them is a matter of tidiness, not correctness. The
 * newsletter job (./newsletters.ts) is not here: it paces sending per minute, so it has a faster
 * schedule of its own (every 5 s in node.ts, the per-minute cron in index.ts).
 */
import type { ServiceCtx } from '#worker/context';
import { jobOutcome, observeJob } from '#worker/ops/job-run';
import type { Telemetry } from '#worker/ops/telemetry';
import { runAutomations } from './automations';
import { nightlyBackup } from './backup';
import { deleteExpired } from './cleanup';
import { pushToFiken } from './fiken';
import { refreshModuleStats } from './module-stats';
import { pollPendingPayments } from './pending-payments';
import { runReminders } from './reminders';
import { runPriceChanges } from './price-changes';
import { runReferrals } from './referrals';
import { runRenewals } from './renewals';
import { runWelcomeSeries } from './welcome-series';
import { deliverDueWebhooks } from './webhooks';

/**
 * What a job may use: the database, the clock, the payment provider (renewals), the settings and
 * the backup (Node); with `telemetry`, each run is counted and a failure logged (ops/job-run.ts).
 */
export type JobCtx = ServiceCtx<'payments' | 'config' | 'backup'> & { telemetry?: Telemetry };
export type Job = { name: string; run: (ctx: JobCtx, scheduledTime: number) => Promise<unknown> };

export const JOBS: readonly Job[] = [
  { name: 'deleteExpired', run: ({ db }, at) => deleteExpired(db, at) },
  { name: 'backup', run: nightlyBackup },
  { name: 'priceChanges', run: (ctx, at) => runPriceChanges(ctx, at) },
  { name: 'renewals', run: (ctx, at) => runRenewals(ctx, at) },
  { name: 'referrals', run: (ctx, at) => runReferrals(ctx, at) },
  { name: 'pendingPayments', run: (ctx, at) => pollPendingPayments(ctx, at) },
  { name: 'moduleStats', run: ({ db }, at) => refreshModuleStats(db, at) },
  { name: 'welcomeSeries', run: runWelcomeSeries },
  { name: 'automations', run: runAutomations },
  { name: 'reminders', run: runReminders },
  { name: 'fiken', run: (ctx) => pushToFiken(ctx) },
  // Also every few seconds (node.ts) and each minute (index.ts); here too, so a stalled loop cannot strand them.
  { name: 'webhooks', run: (ctx) => deliverDueWebhooks(ctx) },
];

/**
 * Runs every job, each whatever the others do, and returns what each reported. Throws when
 * any failed for another reason than a locked database (a wait: the next run tries again),
 * after all have run, so a cron run is marked failed.
 */
export async function runJobs(ctx: JobCtx, scheduledTime = ctx.now()): Promise<Record<string, unknown>> {
  const settled = await Promise.allSettled(
    JOBS.map((job) => observeJob(ctx.telemetry, job.name, () => job.run(ctx, scheduledTime))),
  );
  const report: Record<string, unknown> = {};
  const failures: unknown[] = [];
  settled.forEach((s, i) => {
    const name = JOBS[i]!.name;
    if (s.status === 'fulfilled') report[name] = s.value;
    else if (jobOutcome(s.reason) === 'busy') report[name] = 'busy';
    else
      failures.push(
        new Error(`${name}: ${s.reason instanceof Error ? s.reason.message : String(s.reason)}`, { cause: s.reason }),
      );
  });
  if (failures.length) throw new AggregateError(failures, `Planlagte jobber feilet: ${failures.length} av ${JOBS.length}`);
  return report;
}
