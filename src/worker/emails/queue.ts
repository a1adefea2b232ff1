import { sql, type SQL } from 'drizzle-orm';
import { mailQueue, type MailCharge } from '#db/schema';
import type { Db } from '#db';
import type { MailMessage } from '#worker/platform/mailer/types';

export type QueuedMail = MailMessage & {
  kind: 'transactional' | 'marketing';
  /** Names the mail once (e.g. `receipt:<paymentId>`), so enqueueing it twice sends it once. */
  dedupeKey: string;
  /** Not sent after this (epoch ms), and its text erased once sent or expired: for mail that carries a live link. */
  expiresAt?: number;
  /** Rate-limit counters charged when the transport takes the mail (never for a send that failed). */
  chargeTo?: MailCharge[];
};

/** A mail some of whose parts are read in the statement itself (e.g. the address an account had before the batch changed it). */
export type QueuedMailFromSql = Omit<QueuedMail, 'to' | 'text' | 'html'> & {
  to: string | SQL;
  text: string | SQL;
  html: string | SQL;
};

function queueRow<M extends QueuedMail | QueuedMailFromSql>(mail: M, now: number) {
  const { headers, expiresAt, chargeTo, ...rest } = mail;
  return {
    ...rest,
    headers: headers ?? null,
    nextAttemptAt: new Date(now),
    // The clock the caller runs on (the day-long retry window counts from it), not the database's.
    createdAt: new Date(now),
    expiresAt: expiresAt === undefined ? null : new Date(expiresAt),
    chargeTo: chargeTo ?? null,
  };
}

/**
 * The statement that queues a mail, for the caller's own `db.batch([...])`: the mail is durable
 * exactly when the change it reports is. The delivery job (jobs/mail-queue.ts) sends it.
 */
export function enqueueMail(db: Db, mail: QueuedMail, now: number) {
  return db.insert(mailQueue).values(queueRow<QueuedMail>(mail, now)).onConflictDoNothing({ target: mailQueue.dedupeKey });
}

/**
 * `enqueueMail` for a batch whose change may not happen: the mail is queued only if `condition`
 * (SQL, read when the statement runs) holds — e.g. the sign-in link it carries was kept. Its
 * address and text may be SQL too, read in the same statement.
 */
export function enqueueMailWhen(db: Db, mail: QueuedMail | QueuedMailFromSql, now: number, condition: SQL) {
  const row = queueRow(mail, now);
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
  return db.run(sql`
    INSERT INTO ${mailQueue} (dedupe_key, kind, "to", subject, text, html, headers, next_attempt_at, created_at, expires_at, charge_to)
    SELECT ${row.dedupeKey}, ${row.kind}, ${row.to}, ${row.subject}, ${row.text}, ${row.html}, ${json(row.headers)},
      ${now}, ${now}, ${row.expiresAt?.getTime() ?? null}, ${json(row.chargeTo)}
    WHERE ${condition}
    ON CONFLICT (dedupe_key) DO NOTHING`);
}
