/**
 * What the operator's view costs (docs/decisions/0054-operations.md): GET /api/health requests/s
 * with the request log, X-Request-Id and metrics on, and with them off — the same route, database
 * and process (observed-server.ts) — alternated (on, off, on, off) so a busy moment on a shared
 * machine hits both; the best of each. Alone: `node --import tsx scripts/bench/operator-overhead.ts`.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import type { Row } from './report';

const CONNECTIONS = 10;
const SECONDS = 3;
const ROUNDS = 4;
/** The most the log line, the request id and the counters may take off the cheapest route's requests/s. */
const MAX_OVERHEAD = 0.15;

async function rps(url: string): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1 }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

export async function operatorOverhead(): Promise<{ rows: Row[]; notes: string[] }> {
  const child = fork('scripts/bench/observed-server.ts', [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    const ports = await new Promise<{ observed: number; plain: number }>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`observed server exited (${code})`)));
    });
    const on: number[] = [];
    const off: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      on.push(await rps(`http://127.0.0.1:${ports.observed}/api/health`));
      off.push(await rps(`http://127.0.0.1:${ports.plain}/api/health`));
    }
    const [best, bare] = [Math.max(...on), Math.max(...off)];
    const overhead = 1 - best / bare;
    const round = (n: number) => Math.round(n).toLocaleString('en');
    const figure = (what: string) => `GET /api/health req/s, ${CONNECTIONS} connections (${what})`;
    return {
      rows: [
        { figure: figure('request log + X-Request-Id + metrics'), value: `${round(best)} req/s`, budget: '', ok: null },
        { figure: figure('without them'), value: `${round(bare)} req/s`, budget: '', ok: null },
        {
          figure: "The operator's overhead on GET /api/health",
          value: `${(overhead * 100).toFixed(1)} %`,
          budget: `≤ ${MAX_OVERHEAD * 100} %`,
          ok: overhead <= MAX_OVERHEAD,
        },
      ],
      notes: [
        `Operator's overhead: ${ROUNDS} alternating rounds of ${SECONDS} s at ${CONNECTIONS} connections; ` +
          `with ${on.map(round).join(' / ')} req/s, without ${off.map(round).join(' / ')} req/s (log lines to /dev/null).`,
      ],
    };
  } finally {
    child.kill();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, notes } = await operatorOverhead();
  for (const r of rows)
    console.log(`${r.ok === false ? '✗' : '·'} ${r.figure}: ${r.value}${r.budget ? ` (budget ${r.budget})` : ''}`);
  for (const n of notes) console.log(n);
}
