import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { magicLinkTokens, users } from '#db/schema';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_ATTEMPTS, MAGIC_LINK_TTL_MINUTES } from '#shared/constants';
import { PATHS } from '#shared/paths';
import { MINUTE } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { magicLinkEmail } from '#worker/emails/magic-link';
import { AppError } from '#worker/http/errors';
import { randomDigits, randomToken, sha256 } from '#worker/platform/crypto';
import { startSession, type SignInResult } from './sessions';

/**
 * Creates a single-use link (and a 6-digit code for another device) and mails it.
 * Answers the same whether or not the address has an account.
 */
export async function sendMagicLink(
  ctx: ServiceCtx<'mailer' | 'config'>,
  input: { email: string; firstName?: string; redirect?: string },
): Promise<void> {
  const token = randomToken();
  const code = randomDigits(LOGIN_CODE_LENGTH);
  const now = ctx.now();
  const [tokenHash, codeHash] = await Promise.all([sha256(token), sha256(`${input.email}:${code}`)]);

  await ctx.db.batch([
    // An older unused link stays valid until it expires; its code does not, so only one code is guessable.
    ctx.db
      .update(magicLinkTokens)
      .set({ codeAttempts: LOGIN_CODE_MAX_ATTEMPTS })
      .where(and(eq(magicLinkTokens.email, input.email), isNull(magicLinkTokens.usedAt))),
    ctx.db.insert(magicLinkTokens).values({
      tokenHash,
      email: input.email,
      firstName: input.firstName ?? '',
      codeHash,
      redirect: input.redirect ?? null,
      expiresAt: new Date(now + MAGIC_LINK_TTL_MINUTES * MINUTE),
    }),
  ]);

  const link = `${ctx.config.PUBLIC_URL}${PATHS.verify}?token=${encodeURIComponent(token)}`;
  const [existing] = await ctx.db
    .select({ firstName: users.firstName })
    .from(users)
    .where(eq(users.email, input.email));
  try {
    await ctx.mailer.send(
      magicLinkEmail({ to: input.email, firstName: existing?.firstName || input.firstName || '', link, code }),
    );
  } catch (err) {
    console.error('Sending the magic-link e-mail failed:', err);
    throw new AppError('mail_failed', 503);
  }
}

/** Consumes a link token (once) and signs its owner in, creating the account on first login. */
export async function signInWithToken(ctx: ServiceCtx<'config'>, input: { token: string }): Promise<SignInResult> {
  const now = ctx.now();
  const tokenHash = await sha256(input.token);
  const [claimed] = await ctx.db
    .update(magicLinkTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(magicLinkTokens.tokenHash, tokenHash),
        isNull(magicLinkTokens.usedAt),
        gt(magicLinkTokens.expiresAt, new Date(now)),
      ),
    )
    .returning();
  if (!claimed) {
    const [row] = await ctx.db
      .select({ usedAt: magicLinkTokens.usedAt })
      .from(magicLinkTokens)
      .where(eq(magicLinkTokens.tokenHash, tokenHash));
    throw row && !row.usedAt ? new AppError('expired_token', 400) : new AppError('invalid_token', 400);
  }
  return startSession(ctx, { claimed });
}

/** Signs in with the 6-digit code from the newest link, for a device that did not get the e-mail. */
export async function signInWithCode(
  ctx: ServiceCtx<'config'>,
  input: { email: string; code: string },
): Promise<SignInResult> {
  const now = new Date(ctx.now());
  const [latest] = await ctx.db
    .select()
    .from(magicLinkTokens)
    .where(
      and(
        eq(magicLinkTokens.email, input.email),
        isNull(magicLinkTokens.usedAt),
        gt(magicLinkTokens.expiresAt, now),
        lt(magicLinkTokens.codeAttempts, LOGIN_CODE_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(magicLinkTokens.createdAt))
    .limit(1);
  if (!latest) throw new AppError('invalid_code', 400);

  if ((await sha256(`${input.email}:${input.code}`)) !== latest.codeHash) {
    await ctx.db
      .update(magicLinkTokens)
      .set({ codeAttempts: sql`${magicLinkTokens.codeAttempts} + 1` })
      .where(eq(magicLinkTokens.tokenHash, latest.tokenHash));
    throw new AppError('invalid_code', 400);
  }
  const [claimed] = await ctx.db
    .update(magicLinkTokens)
    .set({ usedAt: now })
    .where(and(eq(magicLinkTokens.tokenHash, latest.tokenHash), isNull(magicLinkTokens.usedAt)))
    .returning();
  if (!claimed) throw new AppError('invalid_code', 400);
  return startSession(ctx, { claimed });
}

