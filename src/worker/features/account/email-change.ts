import { and, eq, gt, isNull, ne, notExists, sql } from 'drizzle-orm';
import { isUniqueViolation } from '#db/errors';
import { emailChanges, magicLinkTokens, rateLimits, users, type User } from '#db/schema';
import { EMAIL_CHANGE_TTL_MINUTES } from '#shared/constants';
import { validation } from '#shared/copy/validation';
import { PATHS } from '#shared/paths';
import { MINUTE } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { emailChangedEmail, emailChangeEmail } from '#worker/emails/email-change';
import { sendOrFail, tokenLink } from '#worker/emails/send';
import { addressPseudonym, clientPseudonym, moveConsentStatements } from '#worker/features/privacy/index';
import { AppError } from '#worker/http/errors';
import { counterStatement, enforceLimit, RATE_RULES } from '#worker/http/rate-limit';
import type { RequestClient } from '#worker/http/request-client';
import { randomToken, sha256 } from '#worker/platform/crypto';

/**
 * Starts a change of the account's address: a single-use link goes to the new address, and the
 * account keeps its old one until the link is used. An address another account has is refused
 * (409) — saying only that it is taken. Within the user's hourly allowance; a newer request
 * replaces an older one still open. One round trip.
 */
export async function requestEmailChange(
  ctx: ServiceCtx<'mailer' | 'config'>,
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

  const [[counter], [other]] = await db.batch([
    counterStatement(db, limit.key, limit.rule, now),
    taken,
    db.run(sql`
      INSERT INTO ${emailChanges} (token_hash, user_id, new_email, expires_at, created_at)
      SELECT ${tokenHash}, ${user.id}, ${email}, ${now + EMAIL_CHANGE_TTL_MINUTES * MINUTE}, ${now}
      WHERE ${allowed}`),
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

  const link = tokenLink(ctx.config, PATHS.confirmEmail, token);
  await sendOrFail(ctx.mailer, emailChangeEmail({ to: email, link }), 'address-change');
}

/** The change is made whatever happens to this mail: a failure is logged, not shown to the new address. */
async function notifyOldAddress(ctx: ServiceCtx<'mailer'>, oldEmail: string, newEmail: string) {
  try {
    await ctx.mailer.send(emailChangedEmail({ to: oldEmail, newEmail }));
  } catch (err) {
    console.error('Telling the old address about the change failed:', err);
  }
}

/**
 * Uses an address-change link (once, within its time): the account takes the new address, its
 * marketing consent moves with it, open sign-in links to the old address stop working, and the
 * old address is told. No session needed — the link proves the new address; the request proved
 * the account. One round trip, all or nothing (if the address was taken meanwhile, nothing
 * changes: 409), plus the mail.
 */
export async function confirmEmailChange(
  ctx: ServiceCtx<'config' | 'mailer'>,
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

  try {
    const [[claim], , , , [before], [user]] = await db.batch([
      db
        .update(emailChanges)
        .set({ usedAt: new Date(now) })
        .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, new Date(now))))
        .returning({ userId: emailChanges.userId }),
      ...moveConsentStatements(db, { from: oldEmail, to: claimed(emailChanges.newEmail), userId, clientHash, now }),
      db.delete(magicLinkTokens).where(and(eq(magicLinkTokens.email, oldEmail), isNull(magicLinkTokens.usedAt))),
      db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
      db
        .update(users)
        .set({ email: claimed(emailChanges.newEmail), lastModifiedAt: new Date(now) })
        .where(eq(users.id, userId))
        .returning({ email: users.email }),
    ]);
    if (!claim || !user || !before) throw new AppError('invalid_email_change', 400);
    await notifyOldAddress(ctx, before.email, user.email);
    return { email: user.email };
  } catch (err) {
    if (isUniqueViolation(err, 'users.email')) throw new AppError('email_taken', 409);
    throw err;
  }
}
