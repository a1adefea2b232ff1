import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { and, desc, eq, gt, inArray, isNull, like, lt, ne, sql } from 'drizzle-orm';
import { magicLinkTokens, mailQueue, rateLimits } from '#db/schema';
import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_ATTEMPTS, MAGIC_LINK_TTL_MINUTES } from '#shared/constants';
import { PATHS } from '#shared/paths';
import { MINUTE } from '#shared/time';
import type { Config } from '#worker/config';
import type { ServiceCtx } from '#worker/context';
import { magicLinkEmail } from '#worker/emails/magic-link';
import { enqueueMailWhen } from '#worker/emails/queue';
import { tokenLink } from '#worker/emails/token-link';
import { AppError, notFound } from '#worker/errors';
import { counterStatement, enforceLimit, RATE_RULES } from '#worker/http/rate-limit';
import type { RequestClient } from '#worker/http/request-client';
import { addressPseudonym } from '#worker/features/privacy/index';
import { hmacSha256, randomDigits, randomToken, sha256 } from '#worker/platform/crypto';
import { mailQuota } from './mail-quota';
import { startSession, type SignInResult } from './sessions';

/** The stored form of a 6-digit code: keyed, so a copy of the database does not give the codes away. */
const codeHash = (config: Pick<Config, 'AUTH_SECRET'>, email: string, code: string) =>
  hmacSha256(config.AUTH_SECRET, `login-code:${email}:${code}`);

/** The queue's name for a sign-in mail: `requestId` is what the login page asks about (`mailStatus`). */
export const signInMailKey = (requestId: string) => `sign-in:${requestId}`;

/**
 * Creates a single-use link (and a 6-digit code for another device) and queues its mail, within
 * the address's allowance and the site's hourly budget, in one batch. Answers the same whether
 * or not the address has an account; resolves to the request's id (for `mailStatus`), null
 * when a `skip` caller's address had no allowance left, and what the caller's statements answered. The mail holds nothing the request wrote:
 * a link can be asked for any address. `consentRequestId` is a sign-up's consent request,
 * confirmed when the link is used.
 */
export async function sendMagicLink<A extends BatchItem<'sqlite'>[] = []>(
  ctx: ServiceCtx<'mailQueued' | 'config'>,
  input: {
    email: string;
    firstName?: string;
    redirect?: string;
    consentRequestId?: string;
    /** A sign-up answers quietly when no mail may go now: the lead is saved, and its earlier links still work. */
    whenFull?: 'refuse' | 'skip';
    /** The caller's own statements (an admin's audit row, a checkout's payment), in the same round trip, after the link's. */
    alsoRun?: [...A];
  },
): Promise<{ requestId: string | null; alsoRan: BatchResponse<A> }> {
  const token = randomToken();
  const requestId = randomToken();
  const code = randomDigits(LOGIN_CODE_LENGTH);
  const now = ctx.now();
  const expiresAt = now + MAGIC_LINK_TTL_MINUTES * MINUTE;
  const [tokenHash, hashedCode, quota] = await Promise.all([
    sha256(token),
    codeHash(ctx.config, input.email, code),
    mailQuota(ctx, input.email),
  ]);
  const link = tokenLink(ctx.config, PATHS.verify, token);
  const message = magicLinkEmail({ to: input.email, link, code, confirmsSignup: input.consentRequestId !== undefined });
  const key = signInMailKey(requestId);
  const kept = sql`EXISTS (SELECT 1 FROM ${magicLinkTokens} WHERE ${magicLinkTokens.tokenHash} = ${tokenHash})`;

  const [takeBack, counters, account] = quota.statements(tokenHash);
  const [, takenBack, , , rows, accounts, ...alsoRan] = await ctx.db.batch([
    ctx.db.insert(magicLinkTokens).values({
      tokenHash,
      email: input.email,
      firstName: input.firstName ?? '',
      codeHash: hashedCode,
      redirect: input.redirect ?? null,
      consentRequestId: input.consentRequestId ?? null,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(now),
    }),
    takeBack,
    // The link goes out only if it was kept, and replaces the address's sign-in mail still waiting.
    enqueueMailWhen(
      ctx.db,
      { ...message, kind: 'transactional', dedupeKey: key, expiresAt, chargeTo: quota.chargeTo },
      now,
      kept,
    ),
    ctx.db
      .update(mailQueue)
      .set({ status: 'cancelled', text: '', html: '' })
      .where(
        and(
          eq(mailQueue.to, input.email),
          eq(mailQueue.status, 'pending'),
          like(mailQueue.dedupeKey, signInMailKey('%')),
          ne(mailQueue.dedupeKey, key),
          kept,
        ),
      ),
    counters,
    account,
    ...(input.alsoRun ?? []),
  ]);
  // The batch answers each of the caller's statements in its order, typed as the statement is.
  const own = alsoRan as BatchResponse<A>;
  if (takenBack.rowsAffected > 0) {
    quota.refuse(rows, accounts, input.whenFull ?? 'refuse');
    return { requestId: null, alsoRan: own };
  }
  ctx.mailQueued();
  return { requestId, alsoRan: own };
}

/**
 * Where a sign-in request's mail is: `pending` while it waits (the login page says so honestly
 * after ~30 s), `sent` once the transport took it, `failed` or `cancelled` (a newer link replaced
 * it). Only the requester knows the id. One indexed read.
 */
export async function mailStatus(ctx: ServiceCtx, input: { requestId: string }) {
  const [row] = await ctx.db
    .select({ status: mailQueue.status })
    .from(mailQueue)
    .where(eq(mailQueue.dedupeKey, signInMailKey(input.requestId)));
  if (!row) throw notFound();
  return row;
}

/** Consumes a link token (once) and signs its owner in, creating the account on first login. */
export async function signInWithToken(
  ctx: ServiceCtx<'config'>,
  input: { token: string; client: RequestClient },
): Promise<SignInResult> {
  const now = new Date(ctx.now());
  const tokenHash = await sha256(input.token);
  const [[claimed], [seen]] = await ctx.db.batch([
    ctx.db
      .update(magicLinkTokens)
      .set({ usedAt: now })
      .where(and(eq(magicLinkTokens.tokenHash, tokenHash), isNull(magicLinkTokens.usedAt), gt(magicLinkTokens.expiresAt, now)))
      .returning(),
    ctx.db.select({ usedAt: magicLinkTokens.usedAt }).from(magicLinkTokens).where(eq(magicLinkTokens.tokenHash, tokenHash)),
  ]);
  if (!claimed) throw seen && !seen.usedAt ? new AppError('expired_token', 400) : new AppError('invalid_token', 400);
  return startSession(ctx, { claimed, client: input.client });
}

/**
 * Signs in with the 6-digit code of any of the address's open links, for a device that did not
 * get the e-mail. Every link's code stays valid until it is used or expires, so nobody asking
 * for new links can kill the owner's code; guessing is capped per link and per address (per 15
 * minutes and per day).
 */
export async function signInWithCode(
  ctx: ServiceCtx<'config'>,
  input: { email: string; code: string; client: RequestClient },
): Promise<SignInResult> {
  const now = ctx.now();
  const at = new Date(now);
  const [hashedCode, pseudonym] = await Promise.all([
    codeHash(ctx.config, input.email, input.code),
    addressPseudonym(ctx.config, input.email),
  ]);
  const perWindow = { key: `code:address:${pseudonym}`, rule: RATE_RULES.codePerEmail };
  const perDay = { key: `code-day:address:${pseudonym}`, rule: RATE_RULES.codePerEmailPerDay };
  // Read after the counters below are bumped, in the same batch: nothing is claimed or counted past a limit.
  const withinLimits = and(
    ...[perWindow, perDay].map(
      ({ key, rule }) => sql`(SELECT ${rateLimits.count} FROM ${rateLimits} WHERE ${rateLimits.key} = ${key}) <= ${rule.limit}`,
    ),
  );
  const open = and(
    eq(magicLinkTokens.email, input.email),
    isNull(magicLinkTokens.usedAt),
    gt(magicLinkTokens.expiresAt, at),
    lt(magicLinkTokens.codeAttempts, LOGIN_CODE_MAX_ATTEMPTS),
  );

  const [[windowCount], [dayCount], [claimed]] = await ctx.db.batch([
    counterStatement(ctx.db, perWindow.key, perWindow.rule, now),
    counterStatement(ctx.db, perDay.key, perDay.rule, now),
    ctx.db
      .update(magicLinkTokens)
      .set({ usedAt: at })
      .where(
        and(
          inArray(
            magicLinkTokens.tokenHash,
            ctx.db
              .select({ tokenHash: magicLinkTokens.tokenHash })
              .from(magicLinkTokens)
              .where(and(open, eq(magicLinkTokens.codeHash, hashedCode)))
              .orderBy(desc(magicLinkTokens.createdAt))
              .limit(1),
          ),
          withinLimits,
        ),
      )
      .returning(),
    // A wrong guess is one of the few each open link allows.
    ctx.db
      .update(magicLinkTokens)
      .set({ codeAttempts: sql`${magicLinkTokens.codeAttempts} + 1` })
      .where(and(open, ne(magicLinkTokens.codeHash, hashedCode), withinLimits)),
  ]);
  enforceLimit(windowCount, perWindow.rule, now);
  enforceLimit(dayCount, perDay.rule, now);
  if (!claimed) throw new AppError('invalid_code', 400);
  return startSession(ctx, { claimed, client: input.client });
}
