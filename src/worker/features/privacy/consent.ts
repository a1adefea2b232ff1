import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { consentEvents } from '#db/schema';
import { CONSENT_TEXT_VERSION } from '#shared/constants';
import type { ConsentSource } from '#shared/schemas/leads';
import type { ServiceCtx } from '#worker/context';
import type { RequestClient } from '#worker/http/request-client';
import { clientPseudonym } from './pseudonyms';

/**
 * Consent to marketing e-mail, kept as the append-only history in `consent_events` (see
 * docs/decisions/0007-consent-and-client-address.md): nothing here updates a row.
 */

export type ConsentStatus = 'none' | 'pending' | 'granted' | 'withdrawn';

type ConsentInput = { email: string; source: ConsentSource; client: RequestClient };

/**
 * A sign-up's consent, from a request nobody has verified: recorded as `requested`, which grants
 * nothing until the address's owner confirms it by using the e-mailed link. Returned as a
 * statement for the caller's batch, with the id the link carries.
 */
export async function consentRequest(ctx: ServiceCtx<'config'>, input: ConsentInput) {
  const id = crypto.randomUUID();
  const insert = ctx.db.insert(consentEvents).values({
    id,
    email: input.email,
    action: 'requested',
    textVersion: CONSENT_TEXT_VERSION,
    source: input.source,
    clientHash: await clientPseudonym(ctx.config, input.client),
    createdAt: new Date(ctx.now()),
  });
  return { id, insert };
}

/**
 * The `granted` that confirms a request, for the batch that signs its address's owner in (so the
 * account exists): the wording and source are the request's, the client and time the
 * confirmer's. A request already confirmed, or no request (null), adds nothing.
 */
export function confirmConsent(db: Db, input: { requestId: string | null; clientHash: string; now: number }) {
  return db.run(sql`
    INSERT INTO consent_events (id, email, user_id, action, text_version, source, client_hash, confirms, created_at)
    SELECT ${crypto.randomUUID()}, r.email, (SELECT id FROM users WHERE email = r.email), 'granted',
           r.text_version, r.source, ${input.clientHash}, r.id, ${input.now}
    FROM consent_events r
    WHERE r.id = ${input.requestId} AND r.action = 'requested'
      AND NOT EXISTS (SELECT 1 FROM consent_events c WHERE c.confirms = r.id)`);
}

/** Withdraws consent (the account page, an unsubscribe link): from now on no marketing e-mail. */
export async function withdrawConsent(
  ctx: ServiceCtx<'config'>,
  input: ConsentInput & { userId: string | null },
): Promise<void> {
  await ctx.db.insert(consentEvents).values({
    id: crypto.randomUUID(),
    email: input.email,
    userId: input.userId,
    action: 'withdrawn',
    textVersion: CONSENT_TEXT_VERSION,
    source: input.source,
    clientHash: await clientPseudonym(ctx.config, input.client),
    createdAt: new Date(ctx.now()),
  });
}

/**
 * Where an address stands, read from its history: the latest grant or withdrawal decides; a
 * request after anything but a grant leaves it `pending` (asked, not confirmed).
 */
export async function marketingConsent(ctx: Pick<ServiceCtx, 'db'>, input: { email: string }): Promise<ConsentStatus> {
  const events = await ctx.db
    .select({ action: consentEvents.action })
    .from(consentEvents)
    .where(eq(consentEvents.email, input.email))
    .orderBy(asc(consentEvents.createdAt), asc(sql`rowid`));
  let status: ConsentStatus = 'none';
  for (const { action } of events) {
    if (action === 'requested') status = status === 'granted' ? 'granted' : 'pending';
    else status = action;
  }
  return status;
}
