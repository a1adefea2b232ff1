/**
 * The main API routes on both entries, side by side: p50/p99 at 20 connections for a fixed
 * time on the Workers path (`wrangler dev`, workerd, against a local sqld migrated by
 * `npm run db:migrate`, mail to a loopback sink) and on the Node entry (the embedded default
 * the bench already runs, libSQL file). Loopback only. The Workers figures are local workerd
 * plus an HTTP round trip to sqld per statement: the shape of production, not its numbers.
 */
import autocannon from 'autocannon';
import { availableParallelism, loadavg } from 'node:os';
import { startMailSink } from '#support/mail-sink';
import { startMigratedSqld } from '#support/sqld';
import { startWranglerDev } from '#support/wrangler-dev';
import type { BenchReport } from './report';
import { benchSession, signIn } from './session';

const CONNECTIONS = 20;
const SECONDS = 10;
const WARM_UP_SECONDS = 2;

type Route = { label: string; path: string; method?: 'GET' | 'POST'; body?: string; signedIn?: boolean };
const ROUTES: Route[] = [
  // No Worker, no database: what the dev server itself costs, for reading the figures below.
  { label: 'GET /robots.txt (static file)', path: '/robots.txt' },
  { label: 'GET /api/health', path: '/api/health' },
  { label: 'GET /api/auth/me', path: '/api/auth/me', signedIn: true },
  // Writers, 20 at once: on the Workers path each is a transaction on sqld, where concurrent
  // writers meet SQLITE_BUSY; every 5xx is counted in the row.
  { label: 'POST /api/event', path: '/api/event', method: 'POST', body: JSON.stringify({ eventName: 'cta_hero_click' }) },
  {
    label: 'POST /api/guide/progress (signed in)',
    path: '/api/guide/progress',
    method: 'POST',
    body: JSON.stringify({ moduleId: 'mindset', completedSections: ['mindset-quick-win'] }),
    signedIn: true,
  },
];

/** Answers with a 5xx status, from autocannon's per-status counts. */
const serverErrorsOf = (r: autocannon.Result) =>
  Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => code.startsWith('5'))
    .reduce((sum, [, s]) => sum + (s as { count: number }).count, 0);

/**
 * A different client address per request from the benchmarking range 198.18.0.0/15, so the
 * per-address rate limits are not what is measured. Each entry trusts one of the two headers.
 */
function spreadClients() {
  let n = 0;
  return (req: autocannon.Request): autocannon.Request => {
    const ip = `198.18.${(n >> 8) & 255}.${n++ & 255}`;
    return { ...req, headers: { ...req.headers, 'x-forwarded-for': ip, 'cf-connecting-ip': ip } };
  };
}

type Measured = { entry: string; route: Route; result: autocannon.Result; serverErrors?: string[] };

/** `log`: the server's output, to say what went wrong when it answers 5xx. */
async function measure(entry: string, base: string, session: string, log?: () => string): Promise<Measured[]> {
  const measured: Measured[] = [];
  console.log(`  ${entry}: 1-minute load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores`);
  for (const route of ROUTES) {
    const options = {
      url: base + route.path,
      method: route.method ?? 'GET',
      body: route.body,
      headers: {
        ...(route.body ? { 'content-type': 'application/json' } : {}),
        ...(route.signedIn ? { authorization: `Bearer ${session}` } : {}),
      },
      connections: CONNECTIONS,
      timeout: 10,
      requests: [{ setupRequest: spreadClients() }],
    };
    await autocannon({ ...options, duration: WARM_UP_SECONDS });
    const result = await autocannon({ ...options, duration: SECONDS });
    const has5xx = serverErrorsOf(result) > 0;
    const serverErrors =
      has5xx && log
        ? [
            ...new Set(
              log()
                .split('\n')
                .filter((l) => /\w*Error\b|SQLITE_|HTTP status/.test(l)),
            ),
          ].slice(-6)
        : undefined;
    measured.push({ entry, route, result, serverErrors });
  }
  return measured;
}

/** One row per route and entry, the entries of a route next to each other. */
function reportAll(report: BenchReport, measured: Measured[]) {
  for (const route of ROUTES) {
    for (const { entry, result: r, serverErrors } of measured.filter((m) => m.route === route)) {
      const codes = Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => `${code}×${(s as { count: number }).count}`);
      const fiveXx = serverErrorsOf(r);
      report.row(
        `${route.label} p50 / p99, ${CONNECTIONS} conn × ${SECONDS} s — ${entry}`,
        `${r.latency.p50} ms / ${r.latency.p99} ms (${Math.round(r.requests.average)} req/s, ${fiveXx} × 5xx of ${r.requests.total})`,
        'all 2xx, 0 × 5xx',
        r.non2xx === 0 && r.errors === 0 && r.timeouts === 0,
      );
      report.note(
        `${entry} ${route.label}: ${r.requests.total} requests in ${r.duration.toFixed(1)} s; p50 ${r.latency.p50} ms, ` +
          `p90 ${r.latency.p90} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; status ${codes.join(' ') || 'none'}; ` +
          `errors ${r.errors}, timeouts ${r.timeouts}` +
          (serverErrors?.length ? `; the server logged:\n${serverErrors.map((l) => `    ${l.trim()}`).join('\n')}` : ''),
      );
    }
  }
}

/** `node`: the bench's running Node entry and its database file (mail goes to its outbox). */
export async function entriesCompared(report: BenchReport, node: { base: string; dbFile: string }): Promise<void> {
  const measured: Measured[] = [];
  const email = 'bench.entries@example.no';
  try {
    measured.push(...(await measure('Node entry', node.base, await benchSession(node.base, node.dbFile, email))));

    const [sqld, sink] = await Promise.all([startMigratedSqld(), startMailSink()]);
    try {
      const dev = await startWranglerDev({
        LIBSQL_URL: sqld.url,
        LIBSQL_AUTH_TOKEN: sqld.authToken,
        MAIL_API_URL: sink.url,
        MAIL_API_KEY: sink.apiKey,
        // Required with wrangler.toml's APP_ENV=production; without it every request is a 503.
        AUTH_SECRET: 'bench-workers-secret-of-at-least-32-characters',
      });
      try {
        const fromSink = async (to: string) => sink.latest(to)?.token ?? null;
        const session = await signIn(dev.url, email, fromSink);
        measured.push(...(await measure('Workers (wrangler dev + sqld)', dev.url, session, dev.log)));
      } finally {
        await dev.stop();
      }
    } finally {
      await Promise.all([sqld.stop(), sink.close()]);
    }
  } finally {
    reportAll(report, measured);
  }
}
