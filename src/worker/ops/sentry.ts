/**
 * Unexpected errors to a Sentry-compatible service (Sentry, GlitchTip, Bugsink…) through its
 * envelope API: one POST per error, no SDK. Everything sent is scrubbed of e-mail addresses and
 * tokens first (./scrub.ts); a report that cannot be sent is dropped — it never holds an answer.
 */
import { scrubDeep } from './scrub';

export type ErrorContext = {
  requestId?: string;
  /** The route pattern (`/api/admin/users/:id`), never the path with its ids and tokens. */
  route?: string;
  method?: string;
  job?: string;
  userId?: string;
};

type Dsn = { endpoint: string; publicKey: string };

/** `https://<key>@<host>[/<path>]/<project>` → where envelopes go and with which key; null if it is no DSN. */
export function parseDsn(dsn: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  const project = /\/(\d+|[\w-]+)\/?$/.exec(url.pathname);
  if (!url.username || !project || !/^https?:$/.test(url.protocol)) return null;
  const base = url.pathname.slice(0, project.index);
  return {
    endpoint: `${url.protocol}//${url.host}${base}/api/${project[1]}/envelope/`,
    publicKey: decodeURIComponent(url.username),
  };
}

/** V8's `at fn (file:line:col)` lines as Sentry frames, oldest call first as Sentry wants them. */
function frames(stack: string | undefined) {
  const out = [];
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line);
    if (m) out.push({ function: m[1] ?? '?', filename: m[2]!, lineno: Number(m[3]), colno: Number(m[4]) });
  }
  return out.reverse();
}

const eventId = () => crypto.randomUUID().replace(/-/g, '');

/** The envelope of one error event (https://develop.sentry.dev/sdk/data-model/envelopes/). */
export function errorEnvelope(err: unknown, context: ErrorContext, environment: string, runtime: string): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const id = eventId();
  const event = {
    event_id: id,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    environment,
    ...scrubDeep({
      exception: { values: [{ type: e.name, value: e.message, stacktrace: { frames: frames(e.stack) } }] },
      tags: {
        runtime,
        ...(context.route && { route: context.route }),
        ...(context.job && { job: context.job }),
        ...(context.requestId && { request_id: context.requestId }),
      },
      ...(context.method && context.route && { request: { method: context.method, url: context.route } }),
    }),
    ...(context.userId && { user: { id: context.userId } }),
  };
  const header = { event_id: id, sent_at: new Date().toISOString() };
  return [JSON.stringify(header), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

/** How long a report may take before it is given up. */
const SEND_TIMEOUT_MS = 5000;

/** Sends one error; resolves whether it was accepted, never rejects. */
export function sentrySender(dsn: Dsn, environment: string, runtime: string) {
  const auth = `Sentry sentry_version=7, sentry_client=soloprenor/1.0, sentry_key=${dsn.publicKey}`;
  return async (err: unknown, context: ErrorContext): Promise<boolean> => {
    try {
      const res = await fetch(dsn.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', 'x-sentry-auth': auth },
        body: errorEnvelope(err, context, environment, runtime),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  };
}
