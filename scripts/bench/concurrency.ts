/**
 * "Under load, nobody waits" (docs/decisions/0015-accepting-connections-under-load.md): many
 * concurrent clients against the main routes at once, and per route the latency spread plus every
 * request that did not get an answer in time. A 429 is an answer (the limiter doing its job); a
 * timeout, a socket error or a 5xx is not, and any other 4xx means the bench's own request is
 * wrong (it once measured 54 000 answers of 400 to a sign-up missing a required field).
 */
import autocannon from 'autocannon';
import type { Row } from './report';
import type { ServerLatency, ServerLatencyProbe } from './server-latency';

export type LoadRoute = {
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** The body of the n-th request, for routes whose input must differ per request. */
  body?: (n: number) => string;
};

export type LoadOptions = { connections: number; seconds: number; timeoutSeconds: number };

export type RouteLoad = {
  label: string;
  requests: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  timeouts: number;
  /** Socket errors other than timeouts. */
  errors: number;
  status5xx: number;
  /** 4xx other than 429: the bench sent a request the route refuses. */
  refused: number;
};

const MAX_LATENCY_MS = 2_000;

/**
 * Each of `connections` clients has its own address (X-Forwarded-For, which the product
 * trusts in the bench), so the per-IP limits apply as they would to that many visitors.
 */
export async function loadRoute(base: string, route: LoadRoute, opts: LoadOptions, ipBlock: number): Promise<RouteLoad> {
  let n = 0;
  const result = await autocannon({
    url: base + route.path,
    method: route.method ?? 'GET',
    connections: opts.connections,
    duration: opts.seconds,
    timeout: opts.timeoutSeconds,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const client = i % opts.connections;
          return {
            ...req,
            // Each client its own /24: limits hold per network as well as per address.
            headers: { ...route.headers, 'x-forwarded-for': `10.${ipBlock}.${client & 255}.${1 + (client >> 8)}` },
            body: route.body ? route.body(i) : req.body,
          };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = (s as { count: number }).count;
  const counted = (match: (code: string) => boolean) =>
    Object.entries(statuses)
      .filter(([code]) => match(code))
      .reduce((sum, [, count]) => sum + count, 0);
  const status5xx = counted((code) => code.startsWith('5'));
  const refused = counted((code) => code.startsWith('4') && code !== '429');
  return {
    label: route.label,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    status5xx,
    refused,
  };
}

export function loadRow(r: RouteLoad, opts: LoadOptions): Row {
  const codes = Object.entries(r.statuses)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');
  const ok = r.timeouts === 0 && r.errors === 0 && r.status5xx === 0 && r.refused === 0 && r.max < MAX_LATENCY_MS;
  return {
    figure: `${r.label}, ${opts.connections} clients × ${opts.seconds} s`,
    value:
      `p50 ${r.p50} · p99 ${r.p99} · max ${r.max} ms; ${r.requests} req (${codes || 'none'}); ` +
      `timeouts ${r.timeouts}, errors ${r.errors}, 5xx ${r.status5xx}`,
    budget: `0 timeouts/errors/5xx/4xx but 429, max < ${MAX_LATENCY_MS / 1000} s`,
    ok,
  };
}

/**
 * The routes of the concurrency budget (docs/decisions/0003-performance-budgets.md): the landing, a signed-in call, and the two
 * public writes.
 */
export function mainRoutes(sessionToken: string): LoadRoute[] {
  // What a browser sends, so the answers are encoded as a browser would get them.
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  const json = { ...browser, 'content-type': 'application/json' };
  const runId = Date.now().toString(36);
  return [
    { label: 'GET /', path: '/', headers: browser },
    { label: 'GET /api/auth/me', path: '/api/auth/me', headers: { ...browser, authorization: `Bearer ${sessionToken}` } },
    {
      label: 'POST /api/event',
      path: '/api/event',
      method: 'POST',
      headers: json,
      body: () => JSON.stringify({ eventName: 'faq_open', eventProps: { question: 'Hva koster det?' } }),
    },
    {
      label: 'POST /api/lead',
      path: '/api/lead',
      method: 'POST',
      headers: json,
      // A fresh address per request: each one that passes the per-IP limit is a real sign-up and a mail to the outbox.
      body: (n) => JSON.stringify({ email: `bench-${runId}-${n}@example.no`, acceptTerms: true, consentMarketing: true }),
    },
  ];
}

const describeServer = (s: ServerLatency) =>
  `the server itself timed ${s.count} answers: p50 ${s.p50} · p99 ${s.p99} · max ${s.max} ms`;

export async function concurrencyLoad(
  base: string,
  sessionToken: string,
  server: ServerLatencyProbe,
  opts: LoadOptions = { connections: 200, seconds: 30, timeoutSeconds: 10 },
): Promise<{ rows: Row[]; notes: string[] }> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const routes = mainRoutes(sessionToken);
  for (const [i, route] of routes.entries()) {
    server.reset();
    const r = await loadRoute(base, route, opts, i + 1);
    rows.push(loadRow(r, opts));
    notes.push(
      `${r.label} under ${opts.connections} clients: ${Math.round(r.requests / opts.seconds)} req/s; ${describeServer(await server.report())}`,
    );
  }
  return { rows, notes };
}
