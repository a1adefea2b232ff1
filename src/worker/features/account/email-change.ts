import { and, eq, gt, isNull, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation } from '#db/errors';
import { emailChanges, leads, magicLinkTokens, rateLimits, users, type User } from '#db/schema';
import { EMAIL_CHANGE_TTL_MINUTES } from '#shared/constants';
import { validation } from '#shared/copy/validation';
import { PATHS } from '#shared/paths';
import { MINUTE } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { emailChangedEmail, emailChangeEmail } from '#worker/emails/email-change';
import { enqueueMailWhen } from '#worker/emails/queue';
import { tokenLink } from '#worker/emails/token-link';
import { addressPseudonym, clientPseudonym, moveConsentStatements } from '#worker/features/privacy/index';
import { AppError } from '#worker/errors';
import { counterStatement, enforceLimit, RATE_RULES } from '#worker/http/rate-limit';
import type { RequestClient } from '#worker/http/request-client';
import { randomToken, sha256 } from '#worker/platform/crypto';

/** Where the new address goes in the notice's text: a character no address or template holds, left alone by escapeHtml. */
const NEW_EMAIL_SLOT = '\u0001';

/** `escapeHtml` in SQL, for a value the statement reads. */
const htmlEscaped = (value: SQL) =>
  sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

/**
 * Starts a change of the account's address: a single-use link goes to the new address, and the
 * account keeps its old one until the link is used. An address another account has is refused
 * (409) — saying only that it is taken. Within the user's hourly allowance; a newer request
 * replaces an older one still open. One round trip.
 */
export async function requestEmailChange(
  ctx: ServiceCtx<'mailQueued' | 'config'>,
  input: { user: User; email: string },
): Promise<void> {
  const { db } = ctx;
  const { user, email } = input;
  if (email === user.email) throw new AppError('validation_error', 400, validation.sameEmail);
  const now = ctx.now();
  const token = randomToken();
  const tokenHash = await sha256(token);
  // Keyed by the pseudonym of the account's address, as per-address limits are (erasure finds them so).
  const limit = {
    key: `email-change:address:${await addressPseudonym(ctx.config, user.email)}`,
    rule: RATE_RULES.emailChangePerUser,
  };
  const taken = db.select({ id: users.id }).from(users).where(eq(users.email, email));
  // Read after the counter below is bumped, in the same batch.
  const allowed = and(
    notExists(taken),
    sql`(SELECT ${rateLimits.count} FROM ${rateLimits} WHERE ${rateLimits.key} = ${limit.key}) <= ${limit.rule.limit}`,
  );

  const expiresAt = now + EMAIL_CHANGE_TTL_MINUTES * MINUTE;
  const message = emailChangeEmail({ to: email, link: tokenLink(ctx.config, PATHS.confirmEmail, token) });
  const [[counter], [other]] = await db.batch([
    counterStatement(db, limit.key, limit.rule, now),
    taken,
    db.run(sql`
      INSERT INTO ${emailChanges} (token_hash, user_id, new_email, expires_at, created_at)
      SELECT ${tokenHash}, ${user.id}, ${email}, ${expiresAt}, ${now}
      WHERE ${allowed}`),
    // The link's mail, queued with the link it carries (and erased from the queue once sent or expired).
    enqueueMailWhen(
      db,
      { ...message, kind: 'transactional', dedupeKey: `email-change:${tokenHash}`, expiresAt },
      now,
      sql`EXISTS (SELECT 1 FROM ${emailChanges} WHERE ${emailChanges.tokenHash} = ${tokenHash})`,
    ),
    db
      .delete(emailChanges)
      .where(
        and(
          eq(emailChanges.userId, user.id),
          isNull(emailChanges.usedAt),
          ne(emailChanges.tokenHash, tokenHash),
          sql`EXISTS (SELECT 1 FROM ${emailChanges} WHERE ${emailChanges.tokenHash} = ${tokenHash})`,
        ),
      ),
  ]);
  enforceLimit(counter, limit.rule, now);
  if (other) throw new AppError('email_taken', 409);
  ctx.mailQueued();
}

/**
 * Uses an address-change link (once, within its time): the account takes the new address, its
 * lead row (how the person first came) and marketing consent move with it, open sign-in links
 * to the old address stop working, and the old address is told (its notice queued in the same
 * transaction). No session needed — the link proves the new address; the request proved the
 * account. One round trip, all or nothing (if the address was taken meanwhile, nothing changes:
 * 409).
 */
export async function confirmEmailChange(
  ctx: ServiceCtx<'config' | 'mailQueued'>,
  input: { token: string; client: RequestClient },
): Promise<{ email: string }> {
  const { db } = ctx;
  const now = ctx.now();
  const [tokenHash, clientHash] = await Promise.all([sha256(input.token), clientPseudonym(ctx.config, input.client)]);
  // The change this batch claims: only its first statement can set used_at to this instant.
  const claimed = (column: typeof emailChanges.userId | typeof emailChanges.newEmail) =>
    sql`(SELECT ${column} FROM ${emailChanges} WHERE ${emailChanges.tokenHash} = ${tokenHash} AND ${emailChanges.usedAt} = ${now})`;
  const userId = claimed(emailChanges.userId);
  const oldEmail = sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${userId})`;

  // The notice to the old address, written in the batch itself: both addresses are read there.
  const template = emailChangedEmail({ to: '', newEmail: NEW_EMAIL_SLOT });
  const newEmail = claimed(emailChanges.newEmail);
  const notice = enqueueMailWhen(
    db,
    {
      ...template,
      to: oldEmail,
      text: sql`replace(${template.text}, ${NEW_EMAIL_SLOT}, ${newEmail})`,
      html: sql`replace(${template.html}, ${NEW_EMAIL_SLOT}, ${htmlEscaped(newEmail)})`,
      kind: 'transactional',
      dedupeKey: `email-changed:${tokenHash}`,
    },
    now,
    sql`${userId} IS NOT NULL`,
  );

  try {
    const [[claim], , , , , , [before], [user]] = await db.batch([
      db
        .update(emailChanges)
        .set({ usedAt: new Date(now) })
        .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date(now))))
        .returning({ userId: emailChanges.userId }),
      // Before the consent moves, so the lead's consent decision (kept by a trigger per address)
      // is the new address's. A lead already standing for the new address keeps its own row.
      db
        .update(leads)
        .set({ email: newEmail, updatedAt: new Date(now) })
        .where(
          and(eq(leads.userId, userId), notExists(db.select({ id: leads.id }).from(leads).where(eq(leads.email, newEmail)))),
        ),
      ...moveConsentStatements(db, { from: oldEmail, to: newEmail, userId, clientHash, now }),
      notice,
      db.delete(magicLinkTokens).where(and(eq(magicLinkTokens.email, oldEmail), isNull(magicLinkTokens.usedAt))),
      db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
      db
        .update(users)
        .set({ email: claimed(emailChanges.newEmail), lastModifiedAt: new Date(now) })
        .where(eq(users.id, userId))
        .returning({ email: users.email }),
    ]);
    if (!claim || !user || !before) throw new AppError('invalid_email_change', 400);
    ctx.mailQueued();
    return { email: user.email };
  } catch (err) {
    if (isUniqueViolation(err, 'users.email')) throw new AppError('email_taken', 409);
    throw err;
  }
}
