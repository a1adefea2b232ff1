import { count, desc, eq } from 'drizzle-orm';
import { mailQueue } from '#db/schema';
import type { FailedMailResponse } from '#shared/schemas/admin/mail';
import type { ServiceCtx } from '#worker/context';
import { maskEmail } from '#worker/emails/mask';

/** How many of the latest failures the overview lists. */
export const LATEST_FAILURES = 5;

/**
 * The mail the queue gave up on (after a day of retries, or a sign-in link that expired
 * waiting): how many, and the latest few — the recipient masked, the subject, the last error,
 * when it was given up. One round trip, on the queue's (status, next_attempt_at) index.
 */
export async function failedMail(ctx: ServiceCtx): Promise<FailedMailResponse> {
  const { db } = ctx;
  const failed = eq(mailQueue.status, 'failed');
  const [[total], latest] = await db.batch([
    db.select({ n: count() }).from(mailQueue).where(failed),
    db
      .select({
        id: mailQueue.id,
        to: mailQueue.to,
        subject: mailQueue.subject,
        lastError: mailQueue.lastError,
        failedAt: mailQueue.nextAttemptAt,
      })
      .from(mailQueue)
      .where(failed)
      .orderBy(desc(mailQueue.nextAttemptAt))
      .limit(LATEST_FAILURES),
  ]);
  return {
    count: total?.n ?? 0,
    latest: latest.map((m) => ({
      id: m.id,
      to: maskEmail(m.to),
      subject: m.subject,
      lastError: m.lastError ?? '',
      failedAt: m.failedAt.toISOString(),
    })),
  };
}
