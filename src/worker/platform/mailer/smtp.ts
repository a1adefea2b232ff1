import { createTransport } from 'nodemailer';
import type { Mailer } from './types';

/** SMTP via nodemailer (Node only; Workers use the HTTP transport). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
