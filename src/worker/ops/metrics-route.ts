/**
 * GET /metrics in the Prometheus text format, for a scraper holding METRICS_TOKEN (as
 * `Authorization: Bearer …`). Without the setting the route does not exist (404), so nothing
 * about the business is public by default.
 */
import { Hono } from 'hono';
import type { AppEnv } from '#worker/context';
import { AppError, notFound } from '#worker/errors';
import { constantTimeEqual } from '#worker/platform/crypto';
import { readGauges } from './gauges';

/** On Workers each isolate counts for itself: said in the answer, so no graph is read as the site's total. */
const WORKERS_NOTE = [
  '# Cloudflare Workers: the counters below (requests, latency, jobs, database busy, error reports) are',
  "# this isolate's only, since it started; Cloudflare runs and recycles many. Read the site's requests",
  '# and latency in Workers Logs or the Analytics Engine dataset (README, "Drift"). The gauges read from',
  "# the database (mail queue, subscriptions, MRR) are the whole site's.",
  '# HELP soloprenor_metrics_scope_info Where the in-memory counters come from.',
  '# TYPE soloprenor_metrics_scope_info gauge',
  'soloprenor_metrics_scope_info{runtime="workers",counters="isolate"} 1',
];

export const metricsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { config, telemetry } = c.var.deps;
  if (!config.METRICS_TOKEN) throw notFound();
  const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!constantTimeEqual(given, config.METRICS_TOKEN)) {
    throw new AppError('unauthenticated', 401, undefined, { 'WWW-Authenticate': 'Bearer' });
  }
  const gauges = await readGauges(c.var.deps);
  const lines = [...(telemetry.runtime === 'workers' ? WORKERS_NOTE : []), ...telemetry.metrics.render(), ...gauges];
  return c.text(`${lines.join('\n')}\n`, 200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' });
});
