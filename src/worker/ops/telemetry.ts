/**
 * What an operator sees of the app: one JSON line per request and per notable event (stdout on
 * Node, console.log on Workers, which Workers Logs collects), the counters GET /metrics shows,
 * and unexpected errors sent to Sentry when SENTRY_DSN is set (docs/decisions/0054-operations.md).
 */
import { createMetrics, type Metrics } from './metrics';
import { scrub } from './scrub';
import { parseDsn, sentrySender, type ErrorContext } from './sentry';

export type Runtime = 'node' | 'workers';

export type LogEntry = { level?: 'info' | 'warn' | 'error'; msg: string } & Record<string, unknown>;

export type RequestRecord = {
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId?: string;
};

/** Workers Analytics Engine's binding, as far as it is used here (wrangler.toml [[analytics_engine_datasets]]). */
export type AnalyticsDataset = { writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void };

export type Telemetry = {
  runtime: Runtime;
  metrics: Metrics;
  log(entry: LogEntry): void;
  /** A request answered: its log line, its counters (and on Workers its Analytics Engine point). */
  request(r: RequestRecord): void;
  /**
   * An unexpected error: one scrubbed log line with its stack, and a report to Sentry. Settles
   * when the report is sent or dropped (never rejects); the caller does not wait for it.
   */
  error(err: unknown, context: ErrorContext): Promise<void>;
};

export type TelemetryOptions = {
  runtime: Runtime;
  /** Writes one line (Node: stdout; Workers: console.log; tests: an array). */
  write: (line: string) => void;
  sentryDsn?: string;
  environment: string;
  analytics?: AnalyticsDataset;
};

/** The message an error log line carries: the first line, scrubbed. */
export const errorText = (err: unknown) => scrub((err instanceof Error ? err.message : String(err)).split('\n')[0]!);

const SEPARATORS = /[\u2028\u2029]/g;
const escape = (ch: string) => `\\u${ch.charCodeAt(0).toString(16)}`;

export function createTelemetry(opts: TelemetryOptions): Telemetry {
  const metrics = createMetrics();
  const dsn = opts.sentryDsn ? parseDsn(opts.sentryDsn) : null;
  const send = dsn ? sentrySender(dsn, opts.environment, opts.runtime) : null;
  // JSON escapes every control character, so request-derived text cannot end a line and forge the
  // next; the two separators some log viewers also break at are escaped by hand.
  const log = (entry: LogEntry) =>
    opts.write(JSON.stringify({ time: new Date().toISOString(), level: 'info', ...entry }).replace(SEPARATORS, escape));
  return {
    runtime: opts.runtime,
    metrics,
    log,
    request(r) {
      metrics.request(r.route, r.method, r.status, r.durationMs);
      log({ msg: 'request', ...r });
      opts.analytics?.writeDataPoint({
        indexes: [r.route],
        blobs: [r.route, r.method, String(r.status)],
        doubles: [r.durationMs, r.status],
      });
    },
    async error(err, context) {
      const stack = err instanceof Error && err.stack ? scrub(err.stack) : undefined;
      log({ level: 'error', msg: 'error', ...context, error: errorText(err), stack });
      if (!send) return;
      metrics.errorReport(await send(err, context));
    },
  };
}
