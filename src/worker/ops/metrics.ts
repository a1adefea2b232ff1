/**
 * The process's (Node) or isolate's (Workers) counters, kept in memory and rendered in the
 * Prometheus text format by GET /metrics (./metrics-route.ts). Recording a request is a couple of
 * Map look-ups: it runs on every request.
 */

/** Latency buckets in seconds: the API's budget is tens of milliseconds, a slow call seconds. */
export const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5] as const;

export type JobOutcome = 'ok' | 'busy' | 'failed';

type Histogram = { counts: number[]; sum: number; count: number };

/** Values a label may hold, escaped as the text format wants. */
const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(startedAt = Date.now()) {
  /** `route \0 method \0 status` → count. */
  const requests = new Map<string, number>();
  const latency = new Map<string, Histogram>();
  /** `job \0 outcome` → count. */
  const jobs = new Map<string, number>();
  const busy = { retried: 0, gave_up: 0 };
  let errorsReported = 0;
  let errorReportsFailed = 0;

  return {
    request(route: string, method: string, status: number, ms: number) {
      const key = `${route}\0${method}\0${status}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
      let h = latency.get(route);
      if (!h) latency.set(route, (h = { counts: LATENCY_BUCKETS_S.map(() => 0), sum: 0, count: 0 }));
      const s = ms / 1000;
      const i = LATENCY_BUCKETS_S.findIndex((b) => s <= b);
      if (i >= 0) h.counts[i]!++;
      h.sum += s;
      h.count++;
    },
    job(name: string, outcome: JobOutcome) {
      const key = `${name}\0${outcome}`;
      jobs.set(key, (jobs.get(key) ?? 0) + 1);
    },
    /** A database call found another process holding the lock: retried, or given up after the wait. */
    busy(gaveUp: boolean) {
      busy[gaveUp ? 'gave_up' : 'retried']++;
    },
    errorReport(sent: boolean) {
      if (sent) errorsReported++;
      else errorReportsFailed++;
    },
    /** The counters as Prometheus text lines (HELP and TYPE included). */
    render(): string[] {
      const out: string[] = [
        '# HELP soloprenor_process_start_time_seconds When this process (Node) or isolate (Workers) started counting.',
        '# TYPE soloprenor_process_start_time_seconds gauge',
        `soloprenor_process_start_time_seconds ${Math.floor(startedAt / 1000)}`,
        '# HELP soloprenor_http_requests_total Requests the app answered, by route pattern, method and status.',
        '# TYPE soloprenor_http_requests_total counter',
      ];
      for (const [key, n] of requests) {
        const [route, method, status] = key.split('\0') as [string, string, string];
        out.push(`soloprenor_http_requests_total{route="${label(route)}",method="${method}",status="${status}"} ${n}`);
      }
      out.push(
        '# HELP soloprenor_http_request_duration_seconds Time to answer, by route pattern.',
        '# TYPE soloprenor_http_request_duration_seconds histogram',
      );
      for (const [route, h] of latency) {
        const r = label(route);
        let cumulative = 0;
        LATENCY_BUCKETS_S.forEach((b, i) => {
          cumulative += h.counts[i]!;
          out.push(`soloprenor_http_request_duration_seconds_bucket{route="${r}",le="${b}"} ${cumulative}`);
        });
        out.push(
          `soloprenor_http_request_duration_seconds_bucket{route="${r}",le="+Inf"} ${h.count}`,
          `soloprenor_http_request_duration_seconds_sum{route="${r}"} ${h.sum.toFixed(6)}`,
          `soloprenor_http_request_duration_seconds_count{route="${r}"} ${h.count}`,
        );
      }
      out.push(
        '# HELP soloprenor_job_runs_total Scheduled job runs, by job and outcome (busy: the database was locked; the next run tries again).',
        '# TYPE soloprenor_job_runs_total counter',
      );
      for (const [key, n] of jobs) {
        const [job, outcome] = key.split('\0') as [string, string];
        out.push(`soloprenor_job_runs_total{job="${label(job)}",outcome="${outcome}"} ${n}`);
      }
      out.push(
        '# HELP soloprenor_database_busy_total Database calls that found another process holding the lock: retried, or given up (answered 503).',
        '# TYPE soloprenor_database_busy_total counter',
        `soloprenor_database_busy_total{outcome="retried"} ${busy.retried}`,
        `soloprenor_database_busy_total{outcome="gave_up"} ${busy.gave_up}`,
        '# HELP soloprenor_error_reports_total Unexpected errors sent to Sentry (SENTRY_DSN), and sends that failed.',
        '# TYPE soloprenor_error_reports_total counter',
        `soloprenor_error_reports_total{outcome="sent"} ${errorsReported}`,
        `soloprenor_error_reports_total{outcome="failed"} ${errorReportsFailed}`,
      );
      return out;
    },
  };
}
