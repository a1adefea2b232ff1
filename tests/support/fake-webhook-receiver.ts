import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A loopback HTTP server standing in for Make, Zapier or a CRM receiving our webhooks: it keeps
 * every POST (raw body and headers) in `received`, answers 200 `ok`, or `failWith` to the next
 * `failTimes` requests; `hang` leaves requests unanswered (a receiver that times out).
 */
export async function startFakeWebhookReceiver() {
  const received: Received[] = [];
  const state = { failWith: 503, failTimes: 0, hang: false };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: raw });
      if (state.hang) return;
      if (state.failTimes > 0) {
        state.failTimes--;
        res.writeHead(state.failWith, { 'content-type': 'text/plain' });
        return res.end('midlertidig nede');
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeWebhookReceiver = Awaited<ReturnType<typeof startFakeWebhookReceiver>>;

/**
 * How a receiver checks `Soloprenor-Signature` (the README's example, as code): the HMAC of
 * "<t>.<raw body>" under the secret, compared in constant time, and the time within `toleranceS`.
 */
export function verifySignature(header: string, body: string, secret: string, nowS: number, toleranceS = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowS - t) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
