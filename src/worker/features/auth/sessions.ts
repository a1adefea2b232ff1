import type { BatchItem } from 'drizzle-orm/batch';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { leads, type magicLinkTokens, sessions, users, type User } from '#db/schema';
import { SESSION_TTL_DAYS } from '#shared/constants';
import { DAY, HOUR } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { AppError } from '#worker/errors';
import type { RequestClient } from '#worker/http/request-client';
import { clientPseudonym, confirmConsent } from '#worker/features/privacy/index';
import { randomToken, sha256 } from '#worker/platform/crypto';
import { preparedStatement } from '#db/prepared';
import { memberCreatedStatement } from '#worker/features/webhooks/index';
import { signInRole } from './list-roles';

const SESSION_TTL_MS = SESSION_TTL_DAYS * DAY;
/** However often it is used, a session ends this long after sign-in. */
const SESSION_MAX_MS = 90 * DAY;
/** A provisional session (a checkout's, for an address not yet proven) ends this long after it began, at the latest. */
export const PROVISIONAL_SESSION_MS = DAY;
/** Sliding sessions are extended at most once an hour, so most reads change nothing. */
const SESSION_SLIDE_AFTER_MS = HOUR;

export type SignInResult = {
  sessionToken: string;
  expiresAt: Date;
  user: User;
  redirect: string | null;
};

/**
 * Signs in the owner of a just-claimed link or code, in one batch: the account (created on first
 * login, with the name given with the link), a session for an active account, the address's
 * lead linked to the account, and the sign-up's consent confirmed.
 */
export async function startSession(
  ctx: ServiceCtx<'config'>,
  { claimed, client }: { claimed: typeof magicLinkTokens.$inferSelect; client: RequestClient },
): Promise<SignInResult> {
  const now = ctx.now();
  const onList = ctx.config.ADMIN_EMAILS.includes(claimed.email);
  const sessionToken = randomToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const [tokenHash, clientHash] = await Promise.all([sha256(sessionToken), clientPseudonym(ctx.config, client)]);
  const accountId = sql`(SELECT id FROM users WHERE email = ${claimed.email})`;
  const newId = crypto.randomUUID();

  const role = signInRole(ctx, { email: claimed.email, onList, now });

  const [, [user]] = await ctx.db.batch([
    role.audit,
    ctx.db
      .insert(users)
      .values({
        id: newId,
        email: claimed.email,
        firstName: claimed.firstName,
        role: onList ? 'owner' : null,
        adminFromConfig: onList,
        lastLogin: new Date(now),
        // The app's clock, as the session's: the upsell tells the first session by it.
        createdAt: new Date(now),
      })
      .onConflictDoUpdate({ target: users.email, set: { lastLogin: new Date(now), ...role.set } })
      .returning(),
    memberCreatedStatement(ctx.db, { userId: newId, email: claimed.email, firstName: claimed.firstName, now }),
    ctx.db.run(sql`
      INSERT INTO sessions (token_hash, user_id, expires_at, last_used_at, user_agent, created_at)
      SELECT ${tokenHash}, id, ${expiresAt.getTime()}, ${now}, ${client.userAgent}, ${now}
      FROM users WHERE email = ${claimed.email} AND is_active = 1`),
    // The owner has proven the address: a checkout's provisional session, whoever holds it, ends.
    ctx.db.delete(sessions).where(and(eq(sessions.provisional, true), eq(sessions.userId, accountId))),
    ctx.db
      .update(leads)
      .set({ userId: accountId })
      .where(and(eq(leads.email, claimed.email), isNull(leads.userId))),
    ...confirmConsent(ctx.db, { requestId: claimed.consentRequestId, clientHash, now }),
  ]);
  if (!user) throw new AppError('internal_error', 500);
  // A disabled account's upsert found it inactive, so no session was inserted.
  if (!user.isActive) throw new AppError('account_disabled', 403);
  return {
    sessionToken,
    expiresAt,
    user,
    redirect: claimed.redirect,
  };
}

/**
 * For a checkout's batch: a provisional session `tokenHash` for account `userId` when `when` holds
 * (the payment was recorded), the account is active and its address has never been proven by a
 * sign-in (last_login is set by every sign-in and only by one). It ends PROVISIONAL_SESSION_MS
 * from now, or at the owner's first sign-in (`startSession`), whichever comes first.
 */
export function provisionalSessionStatement(
  ctx: Pick<ServiceCtx, 'db'>,
  input: { tokenHash: string; userId: string; userAgent: string | null; now: number; when: SQL },
) {
  const { tokenHash, userId, userAgent, now } = input;
  return ctx.db.run(sql`
    INSERT INTO ${sessions} (token_hash, user_id, expires_at, last_used_at, user_agent, created_at, provisional)
    SELECT ${tokenHash}, ${users.id}, ${now + PROVISIONAL_SESSION_MS}, ${now}, ${userAgent}, ${now}, 1
    FROM ${users} WHERE ${users.id} = ${userId} AND ${users.isActive} = 1 AND ${users.lastLogin} IS NULL AND ${input.when}`);
}

/** The session `tokenHash` names, still live at `now`. */
const liveSession = and(
  eq(sessions.tokenHash, sql.placeholder('tokenHash')),
  sql`${sessions.expiresAt} > ${sql.placeholder('now')}`,
);

/**
 * The two statements behind every signed-in request, built once (see db/prepared.ts): the slide
 * (30 days from last use, never past 90 days from sign-in; at most once an hour) and the read.
 */
const slideSession = preparedStatement((db) =>
  db
    .update(sessions)
    .set({
      lastUsedAt: sql`${sql.placeholder('now')}`,
      expiresAt: sql`min(${sql.placeholder('slideTo')}, ${sessions.createdAt} + CASE WHEN ${sessions.provisional} THEN ${PROVISIONAL_SESSION_MS} ELSE ${SESSION_MAX_MS} END)`,
    })
    .where(and(liveSession, sql`${sessions.lastUsedAt} < ${sql.placeholder('slideBefore')}`)),
);
const sessionUser = preparedStatement((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession),
);

/**
 * The signed-in user behind a session token, sliding its expiry (30 days from last use, never
 * past 90 days from sign-in); null when absent, expired or disabled. One round trip: the slide
 * (when due) and the read go in one batch. `renewed` says the expiry moved, so a cookie carrying
 * the token should be re-issued. `alongside` is one more read that rides in the same round trip
 * (a route's look-up that would otherwise cost a trip of its own); its result comes back typed by
 * the read itself.
 */
export async function userForSession<A extends BatchItem<'sqlite'>>(
  ctx: ServiceCtx,
  { token, alongside }: { token: string; alongside?: A },
): Promise<{ user: User; tokenHash: string; expiresAt: Date; renewed: boolean; alongside?: A['_']['result'] } | null> {
  const now = ctx.now();
  const tokenHash = await sha256(token);
  const values = { tokenHash, now, slideTo: now + SESSION_TTL_MS, slideBefore: now - SESSION_SLIDE_AFTER_MS };
  const slide = slideSession(ctx.db, values);
  const read = sessionUser(ctx.db, values);
  // Two batch shapes rather than a spread, so the read's result keeps its type.
  const [slid, [row], alongsideResult] = alongside
    ? await ctx.db.batch([slide, read, alongside])
    : [...(await ctx.db.batch([slide, read])), undefined];
  if (!row || !row.user.isActive) return null;
  return { user: row.user, tokenHash, expiresAt: row.expiresAt, renewed: slid.rowsAffected > 0, alongside: alongsideResult };
}

export async function endSession(ctx: Pick<ServiceCtx, 'db'>, { token }: { token: string }): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.tokenHash, await sha256(token)));
}

/** Ends every session of a user, on every device ("log out everywhere"). */
export async function endAllSessions(ctx: Pick<ServiceCtx, 'db'>, { userId }: { userId: string }): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
}
