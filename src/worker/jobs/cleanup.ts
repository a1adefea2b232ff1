import { and, isNotNull, lt, ne, or } from 'drizzle-orm';
import { emailChanges, magicLinkTokens, mailClickRefs, mailOutbox, mailQueue, rateLimits, sessions } from '#db/schema';
import { expiredClickRefs } from '#worker/features/clicks/index';
import type { Db } from '#db';
import { DAY } from '#shared/time';
import { RATE_RULES } from '#worker/http/rate-limit';
import { nextTurn } from '#worker/platform/next-turn';

/** Spent links stay a day, so a late click still hears "used" or "expired" rather than "invalid". */
const SPENT_TOKEN_KEEP_MS = DAY;
const OUTBOX_KEEP_MS = 7 * DAY;
/**
 * Finished queue rows (sent, given up, cancelled) stay long enough for the admin's list of
 * failures and for their dedupe keys to outlast any redelivery (a webhook, a rerun job).
 */
const QUEUE_KEEP_MS = 90 * DAY;
/** A counter whose window has ended restarts at 1 on the next hit anyway. */
const LONGEST_RATE_WINDOW_MS = Math.max(...Object.values(RATE_RULES).map((r) => r.windowMs));

export type CleanupResult = {
  magicLinkTokens: number;
  emailChanges: number;
  sessions: number;
  rateLimits: number;
  mailOutbox: number;
  mailQueue: number;
  mailClickRefs: number;
};

/**
 * Deletes what no longer serves anyone: expired or used sign-in and address-change links older than a day,
 * expired sessions, ended rate-limit windows, outbox mail older than a week and finished queued mail
 * older than 90 days, and mail clicks past their attribution window.
 * One statement at a time, with a turn of the event loop between them: on a file database a
 * delete runs on the event loop, and the six in one batch held it ~60 ms at 100 000 users
 * (`npm run bench -- --scale`). Each delete stands alone, so none needs the others' transaction.
 */
export async function deleteExpired(db: Db, now: number): Promise<CleanupResult> {
  const spentBefore = new Date(now - SPENT_TOKEN_KEEP_MS);
  const statements = [
    db
      .delete(magicLinkTokens)
      .where(
        or(
          lt(magicLinkTokens.expiresAt, spentBefore),
          and(isNotNull(magicLinkTokens.usedAt), lt(magicLinkTokens.usedAt, spentBefore)),
        ),
      ),
    db
      .delete(emailChanges)
      .where(
        or(lt(emailChanges.expiresAt, spentBefore), and(isNotNull(emailChanges.usedAt), lt(emailChanges.usedAt, spentBefore))),
      ),
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now - LONGEST_RATE_WINDOW_MS)),
    db.delete(mailOutbox).where(lt(mailOutbox.createdAt, new Date(now - OUTBOX_KEEP_MS))),
    db.delete(mailQueue).where(and(lt(mailQueue.createdAt, new Date(now - QUEUE_KEEP_MS)), ne(mailQueue.status, 'pending'))),
    db.delete(mailClickRefs).where(expiredClickRefs(now)),
  ];
  const deleted: number[] = [];
  for (const statement of statements) {
    deleted.push((await statement).rowsAffected);
    await nextTurn();
  }
  const [tokens, changes, expiredSessions, windows, mail, queued, clickRefs] = deleted;
  return {
    magicLinkTokens: tokens!,
    emailChanges: changes!,
    sessions: expiredSessions!,
    rateLimits: windows!,
    mailOutbox: mail!,
    mailQueue: queued!,
    mailClickRefs: clickRefs!,
  };
}
