/**
 * A client of the scale bench's server in its own process (docs/decisions/0045-speed.md): what a
 * visitor or an admin feels is the time from sending a request over a socket to its last byte,
 * and a sampler that shares the server's event loop measures the loop, not the visitor. Started
 * with `fork()`; argv: base URL, duration in ms, then
 * - `sample <path> <everyMs>`: asks `path` every `everyMs` (keep-alive, one at a time), each
 *   latency counted from when it was due, so a server that held its event loop shows;
 * - `admin <token> <path>…`: asks each path in turn, back to back, as a busy admin;
 * It says `{ ready: true }` once loaded and starts on `{ go: true }` (so clients started together
 * run together), and sends `{ times }` (sorted ms) or `{ rounds }` to its parent when the time is up.
 */
import { Agent, request } from 'node:http';

const [base, duration, mode, ...rest] = process.argv.slice(2) as [string, string, 'sample' | 'admin', ...string[]];
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
process.send!({ ready: true });
await new Promise((resolve) => process.once('message', resolve));
const until = performance.now() + Number(duration);

/** GET `path` and read the answer to its last byte; its status. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<number>((resolve, reject) => {
    request(new URL(path, base), { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function sample(path: string, everyMs: number) {
  const times: number[] = [];
  let due = performance.now();
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    const status = await get(path);
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    times.push(performance.now() - due);
    due = Math.max(due + everyMs, performance.now());
  }
  return { times: times.sort((a, b) => a - b) };
}

async function admin(token: string, paths: string[]) {
  let rounds = 0;
  while (performance.now() < until) {
    for (const path of paths) await get(path, { authorization: `Bearer ${token}` });
    rounds++;
  }
  return { rounds };
}

const result = mode === 'sample' ? await sample(rest[0]!, Number(rest[1])) : await admin(rest[0]!, rest.slice(1));
process.send!(result, () => process.exit(0));
