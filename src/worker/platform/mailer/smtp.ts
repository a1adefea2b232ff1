import { createTransport } from 'nodemailer';
import { AUTOMATED_HEADERS, MAIL_TIMEOUT_MS, type Mailer } from './types';

/**
 * SMTP via nodemailer (Node only; Workers use the HTTP transport). `heloName` is the name we
 * greet the server with — our own host, not the machine's, which receiving servers score.
 */
export function smtpMailer(url: string, from: string, opts: { heloName: string; timeoutMs?: number }): Mailer {
  const timeout = opts.timeoutMs ?? MAIL_TIMEOUT_MS;
  // A slow or silent mail server must not hold the visitor's request open.
  const transport = createTransport({
    url,
    name: opts.heloName,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    async send({ headers, ...message }) {
      await transport.sendMail({ from, ...message, headers: { ...AUTOMATED_HEADERS, ...headers } });
    },
  };
}
