/**
 * The product for `npm run bench`, in its own process so the load generator and the browser
 * driver never share its event loop. Started with `fork()`: argv[2] is the env as JSON; it
 * says `{ ready: true }` once listening and stops on `{ stop: true }` or when the bench goes away.
 */
import type { Server } from 'node:http';
import { startNodeServer } from '#worker/node';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const { server, client } = await startNodeServer(env);

function stop(): never {
  (server as Server).closeAllConnections?.(); // autocannon's keep-alive sockets
  server.close();
  client.close();
  process.exit(0);
}

process.on('message', (m: { stop?: boolean }) => {
  if (m?.stop) stop();
});
process.on('disconnect', stop);
process.send?.({ ready: true });
