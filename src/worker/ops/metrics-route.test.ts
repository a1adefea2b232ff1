import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailQueue } from '#db/schema';
import { appPerTest } from '#support/app';
import { expectApiError } from '#support/errors';
import { UPGRADE } from '#support/route-calls';
import { enqueueMail } from '#worker/emails/queue';
import { observeJob } from './job-run';

const METRICS_TOKEN = 'scrape-token-0123456789';
const t = appPerTest({ env: { METRICS_TOKEN } });
const scrape = (token = METRICS_TOKEN) => t.request('/metrics', { token });

/** The value of the sample named exactly `series` (name and labels), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('refuses a scraper without the token (401), and one with a wrong token', async () => {
    await expectApiError(await t.request('/metrics'), 401, 'unauthenticated');
    const wrong = await scrape('scrape-token-9876543210');
    await expectApiError(wrong, 401, 'unauthenticated');
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('counts requests by route and status, with a latency histogram per route', async () => {
    await t.request('/api/health');
    await t.request('/api/health');
    await t.api.account.$get();
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(sample(text, 'soloprenor_http_requests_total{route="/api/health",method="GET",status="200"}')).toBe(2);
    expect(sample(text, 'soloprenor_http_requests_total{route="/api/account",method="GET",status="401"}')).toBe(1);
    expect(sample(text, 'soloprenor_http_request_duration_seconds_count{route="/api/health"}')).toBe(2);
    expect(sample(text, 'soloprenor_http_request_duration_seconds_bucket{route="/api/health",le="+Inf"}')).toBe(2);
    expect(text).toContain('# TYPE soloprenor_http_request_duration_seconds histogram');
    // Node counts for the whole process: no isolate note.
    expect(text).not.toContain('soloprenor_metrics_scope_info');
  });

  it('reads the mail queue, subscriptions and MRR (øre) from the database in one round trip', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    expect((await t.as(sessionToken).premium.upgrade.$post({ json: UPGRADE })).status).toBe(200);
    const mail = { to: 'ventende@example.no', subject: 'Hei', text: 'Hei', html: '<p>Hei</p>', kind: 'transactional' as const };
    await t.db.batch([
      enqueueMail(t.db, { ...mail, dedupeKey: 'metrics:1' }, t.clock.now() + 60_000),
      enqueueMail(t.db, { ...mail, dedupeKey: 'metrics:2' }, t.clock.now() + 60_000),
    ]);
    const pending = await t.db.$count(mailQueue, eq(mailQueue.status, 'pending'));
    expect(pending).toBeGreaterThanOrEqual(2);
    t.roundTrips.reset();
    const text = await (await scrape()).text();
    expect(t.roundTrips.count).toBe(1);
    expect(sample(text, 'soloprenor_mail_queue_pending')).toBe(pending);
    expect(sample(text, 'soloprenor_mail_queue_failed')).toBe(0);
    expect(sample(text, 'soloprenor_active_subscriptions{plan="yearly"}')).toBe(1);
    expect(sample(text, 'soloprenor_active_subscriptions{plan="monthly"}')).toBe(0);
    expect(sample(text, 'soloprenor_mrr_ore')).toBe(Math.round((Number(UPGRADE.price) * 100) / 12));
  });

  it('counts job runs by job and outcome', async () => {
    await observeJob(t.deps.telemetry, 'reminders', async () => 'ok');
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    await observeJob(t.deps.telemetry, 'reminders', () => Promise.reject(busy)).catch(() => undefined);
    const text = await (await scrape()).text();
    expect(sample(text, 'soloprenor_job_runs_total{job="reminders",outcome="ok"}')).toBe(1);
    expect(sample(text, 'soloprenor_job_runs_total{job="reminders",outcome="busy"}')).toBe(1);
    expect(sample(text, 'soloprenor_database_busy_total{outcome="gave_up"}')).toBe(0);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const plain = appPerTest();
  it('does not exist', async () => {
    await expectApiError(await plain.request('/metrics', { token: 'anything-at-all-here' }), 404, 'not_found');
  });
});
