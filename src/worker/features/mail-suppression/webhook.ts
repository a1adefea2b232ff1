import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { mailQueue, mailSuppressions, mailWebhookEvents, users } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { clientPseudonym, decisionStatements } from '#worker/features/privacy/index';
import type { RequestClient } from '#worker/http/request-client';
import { verifySvix, type SignedHeaders } from './svix';

/** The provider's events we act on (Resend's names); the others are acknowledged and ignored. */
type MailEvent = { type?: unknown; data?: { to?: unknown; bounce?: { type?: unknown } } };

/** The recipients an event names (Resend sends `to` as a list), lower-cased. */
const recipientsOf = (event: MailEvent) =>
  (Array.isArray(event.data?.to) ? event.data.to : [event.data?.to])
    .filter((to): to is string => typeof to === 'string' && to.includes('@'))
    .map((to) => to.trim().toLowerCase());

/** What an event means for the list: a hard bounce or a complaint suppresses; a complaint also withdraws consent. */
function reasonOf(event: MailEvent): 'bounce' | 'complaint' | null {
  if (event.type === 'email.complained') return 'complaint';
  // Resend reports only permanent bounces as email.bounced; a soft one, if ever flagged so, waits for the next.
  if (event.type === 'email.bounced')
    return [undefined, 'Permanent'].includes(event.data?.bounce?.type as string) ? 'bounce' : null;
  return null;
}

/**
 * A verified delivery of the mail provider's webhook, handled once per event id: the address of
 * a hard bounce or a spam complaint goes on the suppression list (marketing mail waiting for it
 * in the queue is cancelled), and a complaint withdraws marketing consent, recorded in the
 * consent history (source `spam_complaint`). One round trip: every statement is conditional on
 * the event being new, and the batch records it.
 */
export async function handleMailWebhook(
  ctx: ServiceCtx<'config'>,
  input: { secret: string; headers: SignedHeaders; body: string; client: RequestClient },
): Promise<{ handled: boolean }> {
  const { db } = ctx;
  const id = await verifySvix(input.secret, input.headers, input.body, ctx.now());
  let event: MailEvent;
  try {
    event = JSON.parse(input.body) as MailEvent;
  } catch {
    event = {};
  }
  const reason = reasonOf(event);
  const isNew = sql`NOT EXISTS (SELECT 1 FROM ${mailWebhookEvents} WHERE id = ${id})`;
  const now = ctx.now();
  const clientHash = await clientPseudonym(ctx.config, input.client);
  const waitingMarketing = (email: string) =>
    db
      .update(mailQueue)
      .set({ status: 'cancelled' })
      .where(and(eq(mailQueue.to, email), eq(mailQueue.kind, 'marketing'), eq(mailQueue.status, 'pending')));
  const statements = recipientsOf(event).flatMap((email) => [
    db.run(sql`
      INSERT INTO ${mailSuppressions} (email, reason, created_at) SELECT ${email}, ${reason}, ${now}
      WHERE ${isNew} ON CONFLICT (email) DO NOTHING`),
    ...(reason === 'complaint'
      ? decisionStatements(db, {
          email,
          userId: sql`(SELECT id FROM ${users} WHERE email = ${email})`,
          action: 'withdrawn',
          source: 'spam_complaint',
          clientHash,
          now,
          when: isNew,
        })
      : // A bounce withdraws no consent (the person asked nothing); it cancels what waits for a dead address.
        [waitingMarketing(email)]),
  ]);
  const record = db
    .insert(mailWebhookEvents)
    .values({ id, type: String(event.type ?? '').slice(0, 100), createdAt: new Date(now) })
    .onConflictDoNothing()
    .returning({ id: mailWebhookEvents.id });
  // The record goes last, so every statement before it still sees the event as new.
  const batch: BatchItem<'sqlite'>[] = [...(reason ? statements : []), record];
  const results = await db.batch(batch as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  const recorded = results.at(-1) as unknown[];
  return { handled: recorded.length > 0 };
}
