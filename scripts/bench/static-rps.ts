/**
 * The landing's requests per second (docs/decisions/0012-node-serving-load-and-client-address.md)
 * at 20 connections, beside a plain `node:http` server returning the same bytes from memory,
 * measured in the same run and alternated (product, baseline, product, baseline) so a busy moment
 * on a shared machine hits both.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import type { Row } from './report';
import { rawGet, type RawAnswer } from './raw-get';

const CONNECTIONS = 20;
const SECONDS = 5;
const ROUNDS = 2;
const BUDGET = 0.5;
/** What a browser sends; the product answers with its precompressed brotli bytes. */
const HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function rps(url: string): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: HEADERS }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.requests.average;
}

async function startBaseline(landing: RawAnswer): Promise<{ url: string; stop: () => void }> {
  const body = landing.body.toString('base64');
  // Node writes its own Date and connection headers, for both servers alike.
  const headers: [string, string][] = [];
  for (let i = 0; i < landing.rawHeaders.length; i += 2) {
    const [name, value] = [landing.rawHeaders[i]!, landing.rawHeaders[i + 1]!];
    if (!/^(date|connection|keep-alive|transfer-encoding)$/i.test(name)) headers.push([name, value]);
  }
  const child = fork('scripts/bench/baseline-server.ts', [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
    child.send({ status: landing.status, headers, body });
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

export async function staticVsBaseline(base: string): Promise<{ rows: Row[]; notes: string[] }> {
  const landing = await rawGet(`${base}/`, HEADERS);
  if (landing.status !== 200) throw new Error(`GET / answered ${landing.status}`);
  const baseline = await startBaseline(landing);
  try {
    const product: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      product.push(await rps(`${base}/`));
      plain.push(await rps(baseline.url));
    }
    const best = Math.max(...product);
    const yardstick = Math.max(...plain);
    const share = best / yardstick;
    const round = (n: number) => Math.round(n).toLocaleString('en');
    return {
      rows: [
        { figure: `GET / req/s, ${CONNECTIONS} connections (product)`, value: `${round(best)} req/s`, budget: '', ok: null },
        {
          figure: `GET / req/s, ${CONNECTIONS} connections (plain node:http, same bytes)`,
          value: `${round(yardstick)} req/s`,
          budget: '',
          ok: null,
        },
        {
          figure: 'GET / product ÷ plain node:http',
          value: `${Math.round(share * 100)} %`,
          budget: `≥ ${BUDGET * 100} %`,
          ok: share >= BUDGET,
        },
      ],
      notes: [
        `Static landing: ${ROUNDS} alternating rounds of ${SECONDS} s at ${CONNECTIONS} connections, ` +
          `${landing.headers['content-encoding'] ?? 'identity'} body of ${landing.body.length} bytes, ${landing.rawHeaders.length / 2} headers; ` +
          `product ${product.map(round).join(' / ')} req/s, plain node:http ${plain.map(round).join(' / ')} req/s.`,
      ],
    };
  } finally {
    baseline.stop();
  }
}
