import { eq, inArray, or, sql } from 'drizzle-orm';
import {
  adminAuditLog,
  analyticsEvents,
  campaignEvents,
  mailClickRefs,
  consentEvents,
  erasureMarks,
  leads,
  lessonCompletions,
  lessonPosts,
  magicLinkTokens,
  mailOutbox,
  mailQueue,
  mailSuppressions,
  memberImportChunks,
  memberImportRows,
  moduleCompletions,
  newsletterRecipients,
  couponRedemptions,
  referrals,
  payments,
  postReports,
  rateLimits,
  reminderSettings,
  sessions,
  streaks,
  subscriptions,
  users,
  welcomeSends,
  automationSends,
  videoPositions,
  lessonNotes,
  quizAttempts,
  certificates,
  webhookDeliveries,
} from '#db/schema';
import type { Db } from '#db';
import type { ServiceCtx } from '#worker/context';
import { countersOfAddress, formerAddresses, namesUser, pendingAddresses } from './export';
import { addressPseudonym, erasedAddressMark, REMINDER_LINK_MARK } from './pseudonyms';

/**
 * Erases a person (GDPR Art. 17), by account id and by address alike, across every table: what
 * describes them is deleted; payments, their subscriptions and receipts stay for the accounts
 * (bokføringsloven) without the user;
 * the admin audit log keeps its entries without naming them. The statements go in one batch: one
 * round trip, all or nothing — the caller may put its own statements in front of them (the
 * admin's audit row). The admin's "delete user" and the account's own deletion both use this.
 *
 * A new table that can hold a user id or an address belongs here too: privacy/erasure.test.ts
 * walks every table of the schema and fails until it is.
 */
export async function erasureStatements(ctx: ServiceCtx<'config'>, input: { userId: string; email: string }) {
  const { db } = ctx;
  const { userId } = input;
  const email = input.email.toLowerCase();
  const theirLeads = db
    .select({ id: leads.id })
    .from(leads)
    .where(or(eq(leads.email, email), eq(leads.userId, userId)));
  const pseudonym = await addressPseudonym(ctx.config, email);
  const names = (column: typeof adminAuditLog.details) => namesUser(column, userId, sql`${email}`);
  const now = ctx.now();

  return [
    // First, while the reminder settings still exist: the marks that keep old links answering "already off".
    db
      .insert(erasureMarks)
      .values({ mark: await erasedAddressMark(ctx.config, email), createdAt: new Date(now) })
      .onConflictDoUpdate({ target: erasureMarks.mark, set: { createdAt: new Date(now) } }),
    db.run(sql`
      INSERT INTO ${erasureMarks} (mark, created_at)
      SELECT ${REMINDER_LINK_MARK} || ${reminderSettings.offToken}, ${now} FROM ${reminderSettings}
      WHERE ${reminderSettings.userId} = ${userId}
      ON CONFLICT DO NOTHING`),
    db.delete(analyticsEvents).where(or(eq(analyticsEvents.userId, userId), inArray(analyticsEvents.leadId, theirLeads))),
    db.delete(leads).where(or(eq(leads.email, email), eq(leads.userId, userId))),
    // Also the history of an address the account had before it changed (its events carry the id).
    db
      .delete(consentEvents)
      .where(
        or(
          eq(consentEvents.email, email),
          eq(consentEvents.userId, userId),
          inArray(consentEvents.email, formerAddresses(userId)),
        ),
      ),
    db.delete(sessions).where(eq(sessions.userId, userId)),
    db.delete(magicLinkTokens).where(eq(magicLinkTokens.email, email)),
    // Also mail to an address the user asked to change to.
    db.delete(mailOutbox).where(or(eq(mailOutbox.to, email), inArray(mailOutbox.to, pendingAddresses(userId)))),
    db.delete(mailQueue).where(or(eq(mailQueue.to, email), inArray(mailQueue.to, pendingAddresses(userId)))),
    db.delete(welcomeSends).where(eq(welcomeSends.email, email)),
    db.delete(automationSends).where(eq(automationSends.email, email)),
    // Webhook deliveries naming them, queued or sent: what the receivers already got is theirs to erase.
    db
      .delete(webhookDeliveries)
      .where(
        or(
          eq(webhookDeliveries.userId, userId),
          eq(webhookDeliveries.email, email),
          inArray(webhookDeliveries.email, formerAddresses(userId)),
        ),
      ),
    // Which newsletters went to them, and their address on the suppression list (erased: we no longer know them).
    db.delete(newsletterRecipients).where(eq(newsletterRecipients.email, email)),
    db.delete(mailSuppressions).where(eq(mailSuppressions.email, email)),
    // What an import's file said of them (docs/decisions/0052-member-import.md).
    db.delete(memberImportRows).where(eq(memberImportRows.email, email)),
    // …and its rows still waiting for the preview: their row taken out of the chunk, the others' kept.
    db.run(sql`
      UPDATE ${memberImportChunks} SET rows = (
        SELECT json_group_array(json(j.value)) FROM json_each(${memberImportChunks.rows}) j WHERE json_extract(j.value, '$[1]') <> ${email})
      WHERE instr(${memberImportChunks.rows}, ${JSON.stringify(email)}) > 0`),
    // Counters per address are keyed by its pseudonym (…:address:<pseudonym>).
    db.delete(rateLimits).where(countersOfAddress(pseudonym)),
    db.delete(lessonCompletions).where(eq(lessonCompletions.userId, userId)),
    // Their questions and answers are deleted, not anonymised: a post's text can name or describe
    // them. A question goes with its thread (docs/decisions/0046-lesson-questions.md).
    db.delete(postReports).where(eq(postReports.reporterId, userId)),
    db.delete(lessonPosts).where(eq(lessonPosts.authorId, userId)),
    db.delete(moduleCompletions).where(eq(moduleCompletions.userId, userId)),
    db.delete(campaignEvents).where(eq(campaignEvents.userId, userId)),
    db.delete(mailClickRefs).where(eq(mailClickRefs.userId, userId)),
    db.delete(streaks).where(eq(streaks.userId, userId)),
    db.delete(videoPositions).where(eq(videoPositions.userId, userId)),
    db.delete(lessonNotes).where(eq(lessonNotes.userId, userId)),
    db.delete(quizAttempts).where(eq(quizAttempts.userId, userId)),
    // A withdrawn person's certificate page goes with them: /sertifikat/{id} answers 404.
    db.delete(certificates).where(eq(certificates.userId, userId)),
    db.update(payments).set({ userId: null }).where(eq(payments.userId, userId)),
    // The codes they used stay counted (limits, revenue per code), without the person.
    db.update(couponRedemptions).set({ userId: null }).where(eq(couponRedemptions.userId, userId)),
    // A referral stays in the ledger (a free month given is in the books), without the person on either side.
    db.update(referrals).set({ referrerId: null }).where(eq(referrals.referrerId, userId)),
    db.update(referrals).set({ friendId: null }).where(eq(referrals.friendId, userId)),
    // Subscriptions group the kept payments (and their receipts): kept too, without the user.
    db.update(subscriptions).set({ userId: null }).where(eq(subscriptions.userId, userId)),
    db
      .update(adminAuditLog)
      .set({
        actorId: sql`CASE WHEN ${adminAuditLog.actorId} = ${userId} THEN NULL ELSE ${adminAuditLog.actorId} END`,
        targetId: sql`CASE WHEN ${adminAuditLog.targetId} = ${userId} THEN NULL ELSE ${adminAuditLog.targetId} END`,
        details: sql`CASE WHEN ${names(adminAuditLog.details)} THEN NULL ELSE ${adminAuditLog.details} END`,
      })
      // Entries name a user only when by or about them (see OTHER_LINKS in ./export): both indexed.
      .where(or(eq(adminAuditLog.actorId, userId), eq(adminAuditLog.targetId, userId))),
    db.delete(users).where(or(eq(users.id, userId), eq(users.email, email))),
  ] as const;
}

/** Erases a person in one round trip (see `erasureStatements`). */
export async function eraseUser(ctx: ServiceCtx<'config'>, input: { userId: string; email: string }): Promise<void> {
  await ctx.db.batch(await erasureStatements(ctx, input));
  checkpointAfterErasure(ctx.db);
}

/**
 * Erased rows are overwritten in their pages (secure_delete, db/node.ts), but a file database's
 * write-ahead log still holds earlier copies of those pages: copy the log into the file and empty
 * it. Just after the answer, so it is no round trip of the request's; sqld and Turso keep their
 * own log.
 */
export function checkpointAfterErasure(db: Db): void {
  if (db.$client.protocol !== 'file') return;
  setTimeout(() => {
    // Closed in the meantime (the server stopping): closing checkpoints the log itself.
    if (db.$client.closed) return;
    db.$client
      .execute('PRAGMA wal_checkpoint(TRUNCATE)')
      .catch((err: unknown) => console.error('Sjekkpunkt etter sletting feilet:', err));
  }, 0);
}
