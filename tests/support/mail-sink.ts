/**
 * A loopback stand-in for the e-mail provider's HTTP API (`MAIL_TRANSPORT=http`): it records
 * every JSON message POSTed to it with the right Bearer key, as Resend would accept it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MailMessage } from '#worker/platform/mailer/types';
import { signInParts } from './outbox';

type SunkMail = MailMessage & { from: string };

export async function startMailSink(apiKey = 'mail-sink-key') {
  const received: SunkMail[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST') return reply(405, { error: 'method' });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return reply(401, { error: 'key' });
      try {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as SunkMail);
      } catch {
        return reply(400, { error: 'json' });
      }
      reply(200, { id: `sink-${received.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    apiKey,
    received,
    /** The newest message to `to`, with the sign-in link, token and code parsed out of it. */
    latest(to: string) {
      const mail = received.findLast((m) => m.to === to.toLowerCase());
      return mail ? { ...mail, ...signInParts(mail.text) } : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // the Worker's keep-alive sockets
      }),
  };
}
export type MailSink = Awaited<ReturnType<typeof startMailSink>>;
