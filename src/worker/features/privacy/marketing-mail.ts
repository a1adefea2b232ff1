import type { Config } from '#worker/config';
import type { ServiceCtx } from '#worker/context';
import { marketingEmail, type MarketingDraft, type Sender } from '#worker/emails/marketing';
import { enqueueMail } from '#worker/emails/queue';
import { marketingConsent } from './consent';
import { unsubscribeLinks } from './unsubscribe';

/** The footer's sender: the seller of the receipts, whose registered address marketing mail must carry too. */
export const senderOf = (config: Pick<Config, 'SELLER_NAME' | 'SELLER_ADDRESS'>): Sender => ({
  name: config.SELLER_NAME,
  address: config.SELLER_ADDRESS,
});

/**
 * The one way to send marketing e-mail (tips, tools, offers): only to an address whose consent
 * stands granted, and always with its signed unsubscribe link and headers, through the mail
 * queue like every mail. `dedupeKey` names the mailing (`tips-2026-48:<address>`), so a rerun
 * mails nobody twice. Sign-in and other mail the reader asked for is transactional. Resolves to
 * whether the mail was queued.
 */
export async function sendMarketingEmail(
  ctx: ServiceCtx<'mailQueued' | 'config'>,
  input: { to: string; draft: MarketingDraft; dedupeKey: string },
): Promise<boolean> {
  if ((await marketingConsent(ctx, { email: input.to })) !== 'granted') return false;
  const message = marketingEmail(input.to, input.draft, await unsubscribeLinks(ctx.config, input.to), senderOf(ctx.config));
  await ctx.db.batch([enqueueMail(ctx.db, { ...message, kind: 'marketing', dedupeKey: input.dedupeKey }, ctx.now())]);
  ctx.mailQueued();
  return true;
}
