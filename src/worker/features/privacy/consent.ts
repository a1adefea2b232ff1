import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { consentEvents, mailQueue, type ConsentEvent } from '#db/schema';
import { CONSENT_TEXT_VERSION, TERMS_TEXT_VERSION } from '#shared/constants';
import type { MarketingConsent } from '#shared/schemas/account';
import type { ConsentSource } from '#shared/schemas/leads';
import type { ServiceCtx } from '#worker/context';
import type { RequestClient } from '#worker/http/request-client';
import { consentChangedStatement } from '#worker/features/webhooks/index';
import { clientPseudonym } from './pseudonyms';

/**
 * Consent to marketing e-mail, and a sign-up's acceptance of the terms, kept as the append-only
 * history in `consent_events` (see docs/decisions/0007-consent-and-client-address.md and
 * 0040-real-offers-and-free-consent.md): nothing here updates a row.
 */

type ConsentInput = { email: string; source: ConsentSource; client: RequestClient };

/**
 * What a sign-up agreed to, as statements for the caller's batch: the acceptance of vilkår and
 * personvern (`terms_accepted`, proof of which version, when, from where and which client; it
 * grants no marketing), and, only when the visitor ticked the separate box, the marketing
 * consent as `requested`, which grants nothing until the address's owner confirms it by using
 * the e-mailed link (its id, `requestId`, rides on the link).
 */
export async function signupConsents(ctx: ServiceCtx<'config'>, input: ConsentInput & { marketing: boolean }) {
  const clientHash = await clientPseudonym(ctx.config, input.client);
  const event = (action: ConsentEvent['action'], textVersion: string, id = crypto.randomUUID()) =>
    ctx.db.insert(consentEvents).values({
      id,
      email: input.email,
      action,
      textVersion,
      source: input.source,
      clientHash,
      createdAt: new Date(ctx.now()),
    });
  const requestId = input.marketing ? crypto.randomUUID() : undefined;
  const terms = event('terms_accepted', TERMS_TEXT_VERSION);
  return {
    requestId,
    statements: requestId ? ([terms, event('requested', CONSENT_TEXT_VERSION, requestId)] as const) : ([terms] as const),
  };
}

/**
 * The `granted` that confirms a request, for the batch that signs its address's owner in (so the
 * account exists): the wording and source are the request's, the client and time the
 * confirmer's. A request already confirmed, or no request (null), adds nothing.
 */
export function confirmConsent(db: Db, input: { requestId: string | null; clientHash: string; now: number }) {
  const id = crypto.randomUUID();
  return [
    db.run(sql`
    INSERT INTO consent_events (id, email, user_id, action, text_version, source, client_hash, confirms, created_at)
    SELECT ${id}, r.email, (SELECT id FROM users WHERE email = r.email), 'granted',
           r.text_version, r.source, ${input.clientHash}, r.id, ${input.now}
    FROM consent_events r
    WHERE r.id = ${input.requestId} AND r.action = 'requested'
      AND NOT EXISTS (SELECT 1 FROM consent_events c WHERE c.confirms = r.id)`),
    consentChangedStatement(db, { consentId: id, now: input.now }),
  ] as const;
}

type Decision = Extract<MarketingConsent, 'granted' | 'withdrawn'>;

/** An address's latest grant or withdrawal (NULL before either), as SQL: what decides its status. */
export const latestDecision = (email: SQL | string) => sql<Decision | null>`(
  SELECT action FROM consent_events WHERE email = ${email} AND action IN ('granted', 'withdrawn')
  ORDER BY created_at DESC, rowid DESC LIMIT 1)`;

/** Whether the address (SQL) gets marketing e-mail now: its latest decision is a grant. */
export const consentGranted = (email: SQL) => sql`${latestDecision(email)} = 'granted'`;

type DecisionInput = {
  email: string;
  userId: string | SQL | null;
  action: Decision;
  source: ConsentSource;
  clientHash: string;
  now: number;
  /** Only if this holds (SQL read in the same statement): e.g. a webhook event not handled before. */
  when?: SQL;
};

/**
 * The statements that append a grant or withdrawal, unless it is already the address's standing
 * decision: pressing "unsubscribe" twice records one withdrawal. A withdrawal also cancels
 * marketing mail still waiting in the queue for the address (a mail server that was down must
 * not deliver it after). For the caller's batch.
 */
export function decisionStatements(db: Db, input: DecisionInput) {
  const when = input.when ?? sql`1`;
  const waitingMarketing = and(eq(mailQueue.to, input.email), eq(mailQueue.kind, 'marketing'), eq(mailQueue.status, 'pending'));
  const id = crypto.randomUUID();
  return [
    db.run(sql`
      INSERT INTO consent_events (id, email, user_id, action, text_version, source, client_hash, created_at)
      SELECT ${id}, ${input.email}, ${input.userId}, ${input.action}, ${CONSENT_TEXT_VERSION},
             ${input.source}, ${input.clientHash}, ${input.now}
      WHERE ${latestDecision(input.email)} IS NOT ${input.action} AND ${when}`),
    consentChangedStatement(db, { consentId: id, now: input.now }),
    ...(input.action === 'withdrawn'
      ? [db.update(mailQueue).set({ status: 'cancelled' }).where(and(waitingMarketing, when))]
      : []),
  ] as const;
}

/** `decisionStatements` for a request's client, in one round trip; resolves to the status now. */
async function decide(ctx: ServiceCtx<'config'>, input: ConsentInput & { userId: string | null; action: Decision; when?: SQL }) {
  const clientHash = await clientPseudonym(ctx.config, input.client);
  const [first, ...rest] = decisionStatements(ctx.db, { ...input, clientHash, now: ctx.now() });
  await ctx.db.batch([first, ...rest]);
  return input.action;
}

/** Withdraws consent (the account page, an unsubscribe link): from now on no marketing e-mail. */
export const withdrawConsent = (ctx: ServiceCtx<'config'>, input: ConsentInput & { userId: string | null; when?: SQL }) =>
  decide(ctx, { ...input, action: 'withdrawn' });

/**
 * Consent given by a signed-in user on their account page: their address is proven by the
 * sign-in, so it is granted at once, to today's wording.
 */
export const grantConsent = (ctx: ServiceCtx<'config'>, input: ConsentInput & { userId: string }) =>
  decide(ctx, { ...input, action: 'granted' });

/**
 * When an account's address changes, its consent moves with the person: a grant standing on the
 * old address becomes a grant (to the same wording) on the new one and a withdrawal on the old,
 * which may now be someone else's. Statements for the caller's batch, placed before the address
 * changes; `from`, `to` and `userId` are SQL read in that batch (NULL `from`: nothing moves).
 */
export function moveConsentStatements(db: Db, input: { from: SQL; to: SQL; userId: SQL; clientHash: string; now: number }) {
  const version = sql`(
    SELECT text_version FROM consent_events WHERE email = ${input.from} AND action = 'granted'
    ORDER BY created_at DESC, rowid DESC LIMIT 1)`;
  const append = (email: SQL, action: Decision) =>
    db.run(sql`
      INSERT INTO consent_events (id, email, user_id, action, text_version, source, client_hash, created_at)
      SELECT ${crypto.randomUUID()}, ${email}, ${input.userId}, ${action}, ${version}, ${'email_change' satisfies ConsentSource},
             ${input.clientHash}, ${input.now}
      WHERE ${latestDecision(input.from)} = 'granted'`);
  return [append(input.to, 'granted'), append(input.from, 'withdrawn')] as const;
}

/** An address's history, oldest first, as a query for the caller's batch; `consentStatus` reads it. */
export const consentHistory = (db: Db, email: string) =>
  db
    .select({ action: consentEvents.action })
    .from(consentEvents)
    .where(eq(consentEvents.email, email))
    .orderBy(asc(consentEvents.createdAt), asc(sql`rowid`));

/**
 * Where an address stands, read from its history: the latest grant or withdrawal decides; a
 * request after anything but a grant leaves it `pending` (asked, not confirmed).
 */
export function consentStatus(events: { action: ConsentEvent['action'] }[]): MarketingConsent {
  let status: MarketingConsent = 'none';
  for (const { action } of events) {
    // Accepting the terms says nothing about marketing.
    if (action === 'terms_accepted') continue;
    if (action === 'requested') status = status === 'granted' ? 'granted' : 'pending';
    else status = action;
  }
  return status;
}

/** Where an address stands (see `consentStatus`). One round trip. */
export async function marketingConsent(ctx: Pick<ServiceCtx, 'db'>, input: { email: string }): Promise<MarketingConsent> {
  return consentStatus(await consentHistory(ctx.db, input.email));
}
