/**
 * Where the Node entry listens. Since libuv 1.46 (libuv#3696) a listening socket accepts one
 * connection per turn of the event loop, and a turn on a busy server takes as long as the
 * requests it answers: 200 visitors connecting at once to a saturated server waited up to
 * 7 s in the kernel's queue while the server itself answered in 40 ms. Several sockets on
 * the same port (SO_REUSEPORT, which spreads new connections over them) accept that many per
 * turn. Linux only; elsewhere Node refuses the option and one socket serves.
 */
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const SOCKETS = process.platform === 'linux' ? 32 : 1;
/** Room for a burst of new connections while a turn runs (the kernel caps it at net.core.somaxconn). */
const BACKLOG = 4096;

export type Listening = { port: number; servers: readonly Server[]; close(): Promise<void> };

/** `host` undefined: every interface, as Node does without one. */
async function listenOne(server: Server, port: number, host: string | undefined, reusePort: boolean): Promise<number> {
  server.listen({ port, host, backlog: BACKLOG, reusePort });
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

export async function listen(handler: RequestListener, port: number, host?: string): Promise<Listening> {
  // Shared sockets would also join another process's on the same port without an error:
  // a plain socket first claims the port (or fails with EADDRINUSE) and picks one for port 0.
  const probe = createServer(handler);
  const chosen = await listenOne(probe, port, host, false);
  if (SOCKETS === 1) return listening(chosen, [probe]);
  await new Promise((resolve) => probe.close(resolve));
  const servers = Array.from({ length: SOCKETS }, () => createServer(handler));
  for (const server of servers) await listenOne(server, chosen, host, true);
  return listening(chosen, servers);
}

function listening(port: number, servers: Server[]): Listening {
  return {
    port,
    servers,
    close: async () => {
      await Promise.all(
        servers.map((server) => {
          const closed = once(server, 'close');
          server.close();
          server.closeAllConnections();
          return closed;
        }),
      );
    },
  };
}
