/**
 * The yardstick for static files: a plain `node:http` server answering every request with one
 * response held in memory — the bytes and headers the product sent for the landing. Forked by
 * the bench like the product, so neither shares an event loop with the load generator; it
 * receives `{ status, headers, body }` and answers `{ port }` once listening.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type Canned = { status: number; headers: [string, string][]; body: string /* base64 */ };

process.once('message', (m: Canned) => {
  const body = Buffer.from(m.body, 'base64');
  const head = m.headers.flat();
  const server = createServer((_req, res) => {
    res.writeHead(m.status, head);
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.once('disconnect', () => process.exit(0));
});
