/**
 * A real SMTP server on loopback (plain text, no auth), standing in for the mail provider: it
 * keeps what it receives, and can be stopped and started again on the same port, as a mail
 * server that goes down and comes back.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpReceived = { from: string; to: string[]; raw: string; helo: string };

export function smtpSink() {
  const inbox: SmtpReceived[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  const make = () =>
    new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            helo: session.hostNameAppearsAs,
          });
          callback();
        });
      },
    });
  return {
    inbox,
    /** `smtp://127.0.0.1:<port>`, the same across a stop and a start. */
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    async start() {
      server = make();
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    },
    async stop() {
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = null;
    },
  };
}
