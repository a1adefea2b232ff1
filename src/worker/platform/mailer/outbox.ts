import { mailOutbox } from '#db/schema';
import type { Db } from '#db';
import type { Mailer, MailMessage } from './types';

/** Dev and test transport: the message is stored in the outbox table and never leaves the machine. */
export function outboxMailer(db: Db, onSend?: (message: MailMessage) => void): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values(message);
      onSend?.(message);
    },
  };
}
