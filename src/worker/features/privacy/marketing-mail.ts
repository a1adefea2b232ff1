import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { mailQueue } from '#db/schema';
import type { Config } from '#worker/config';
import type { ServiceCtx } from '#worker/context';
import { marketingEmail, type MarketingDraft, type Sender } from '#worker/emails/marketing';
import { enqueueMail } from '#worker/emails/queue';
import { notErased, notSuppressed } from './suppressed';
import { consentGranted, consentHistory, consentStatus } from './consent';
import { erasedAddressMark } from './pseudonyms';
import { unsubscribeLinks, unsubscribeLinksOf, unsubscribeToken } from './unsubscribe';

/** The footer's sender: the seller of the receipts, whose registered address marketing mail must carry too. */
export const senderOf = (config: Pick<Config, 'SELLER_NAME' | 'SELLER_ADDRESS'>): Sender => ({
  name: config.SELLER_NAME,
  address: config.SELLER_ADDRESS,
});

/**
 * The one way to send marketing e-mail (tips, tools, offers): only to an address whose consent
 * stands granted, and always with its signed unsubscribe link and headers, through the mail
 * queue like every mail. `dedupeKey` names the mailing (`tips-2026-48:<address>`), so a rerun
 * mails nobody twice. Sign-in and other mail the reader asked for is transactional. An erased
 * address that has not consented again gets none. Resolves to whether the mail was queued.
 */
export async function sendMarketingEmail(
  ctx: ServiceCtx<'mailQueued' | 'config'>,
  input: { to: string; draft: MarketingDraft; dedupeKey: string },
): Promise<boolean> {
  const mark = await erasedAddressMark(ctx.config, input.to);
  const [history, [standing]] = await ctx.db.batch([
    consentHistory(ctx.db, input.to),
    ctx.db.all<{ ok: number }>(sql`SELECT ${notErased(sql`${input.to}`, sql`${mark}`)} AS ok`),
  ]);
  if (consentStatus(history) !== 'granted' || !standing?.ok) return false;
  const message = marketingEmail(input.to, input.draft, await unsubscribeLinks(ctx.config, input.to), senderOf(ctx.config));
  await ctx.db.batch([enqueueMail(ctx.db, { ...message, kind: 'marketing', dedupeKey: input.dedupeKey }, ctx.now())]);
  ctx.mailQueued();
  return true;
}

/** Stands for each recipient's unsubscribe token in the shared text until the statement puts it in (letters only: escaping and URL-encoding leave it as it is). */
const TOKEN_SLOT = 'UNSUBSCRIBETOKENSLOT';

/**
 * `sendMarketingEmail` for many recipients of one draft, as one statement for the caller's batch
 * (a mailing or a series step goes to hundreds at once, and a query per address would not keep
 * up): each address's mail is queued only if its consent stands granted and it is not on the
 * suppression list (a hard bounce, a complaint) nor erased since its last grant when the statement runs,
 * with its own signed unsubscribe link and headers. `dedupeKey` names each recipient's mail.
 * Resolves to a one-statement list (a statement itself would run when awaited).
 */
export async function marketingMailsStatement(
  ctx: { db: Db; config: Pick<Config, 'AUTH_SECRET' | 'PUBLIC_URL' | 'SELLER_NAME' | 'SELLER_ADDRESS'> },
  input: {
    draft: MarketingDraft;
    /** `slots`: each of `input.slots`' placeholders in the draft, and what stands for it in this recipient's mail. */
    recipients: { to: string; dedupeKey: string; slots?: Record<string, string> }[];
    now: number;
    /** A further condition the statement checks as it runs (a newsletter still sending). */
    when?: SQL;
    /** Placeholders (letters only) in the draft each recipient's mail fills in (a signed link of their own). */
    slots?: readonly string[];
  },
) {
  const template = marketingEmail('', input.draft, unsubscribeLinksOf(ctx.config, TOKEN_SLOT), senderOf(ctx.config));
  const recipients = await Promise.all(
    input.recipients.map(async (r) => ({
      ...r,
      token: await unsubscribeToken(ctx.config, r.to),
      mark: await erasedAddressMark(ctx.config, r.to),
    })),
  );
  const field = (name: string) => sql.raw(`json_extract(r.value, '$.${name}')`);
  const personal = (text: string) =>
    (input.slots ?? []).reduce(
      (filled, slot) => sql`replace(${filled}, ${slot}, ${field(`slots.${slot}`)})`,
      sql`replace(${text}, ${TOKEN_SLOT}, ${field('token')})`,
    );
  return [
    ctx.db.run(sql`
    INSERT INTO ${mailQueue} (dedupe_key, kind, "to", subject, text, html, headers, next_attempt_at, created_at)
    SELECT ${field('dedupeKey')}, 'marketing', ${field('to')}, ${template.subject}, ${personal(template.text)},
      ${personal(template.html)}, ${personal(JSON.stringify(template.headers))}, ${input.now}, ${input.now}
    FROM json_each(${JSON.stringify(recipients)}) AS r
    WHERE ${consentGranted(field('to'))} AND ${notSuppressed(field('to'))} AND ${notErased(field('to'), field('mark'))}
      AND ${input.when ?? sql`1`}
    ON CONFLICT (dedupe_key) DO NOTHING`),
  ] as const;
}
