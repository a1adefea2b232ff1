/**
 * The product for `npm run bench`, in its own process so the load generator and the browser
 * driver never share its event loop. Started with `fork()`: argv[2] is the env as JSON; it
 * says `{ ready: true }` once listening and stops on `{ stop: true }` or when the bench goes away.
 *
 * It also times every request itself, from parsed to answered, and reports those times on
 * `{ latency: 'report' }` (and forgets them on `{ latency: 'reset' }`): on a shared machine a
 * starved load generator inflates what it measures, and this says what the server did.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { startNodeServer } from '#worker/node';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const { close } = await startNodeServer(env);

const started = new WeakMap<IncomingMessage, number>();
let times: number[] = [];
subscribe('http.server.request.start', (m) => started.set((m as { request: IncomingMessage }).request, performance.now()));
subscribe('http.server.response.finish', (m) => {
  const t = started.get((m as { request: IncomingMessage }).request);
  if (t !== undefined) times.push(performance.now() - t);
});

function latencyReport() {
  const sorted = times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}

async function stop(): Promise<never> {
  await close(); // also ends autocannon's keep-alive sockets
  process.exit(0);
}

process.on('message', (m: { stop?: boolean; latency?: 'reset' | 'report' }) => {
  if (m?.stop) void stop();
  if (m?.latency === 'reset') times = [];
  if (m?.latency === 'report') process.send?.({ latency: latencyReport() });
});
process.on('disconnect', () => void stop());
process.send?.({ ready: true });
