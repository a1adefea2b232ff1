import { mailQueue } from '#db/schema';
import type { Db } from '#db';
import type { MailMessage } from '#worker/platform/mailer/types';

export type QueuedMail = MailMessage & {
  kind: 'transactional' | 'marketing';
  /** Names the mail once (e.g. `receipt:<paymentId>`), so enqueueing it twice sends it once. */
  dedupeKey: string;
};

/**
 * The statement that queues a mail, for the caller's own `db.batch([...])`: the mail is durable
 * exactly when the change it reports is. The delivery job (jobs/mail-queue.ts) sends it.
 */
export function enqueueMail(db: Db, mail: QueuedMail, now: number) {
  const { headers, ...rest } = mail;
  return db
    .insert(mailQueue)
    .values({ ...rest, headers: headers ?? null, nextAttemptAt: new Date(now) })
    .onConflictDoNothing({ target: mailQueue.dedupeKey });
}
