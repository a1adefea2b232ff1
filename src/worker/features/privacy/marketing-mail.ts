import type { ServiceCtx } from '#worker/context';
import { marketingEmail, type MarketingDraft } from '#worker/emails/marketing';
import { enqueueMail } from '#worker/emails/queue';
import { marketingConsent } from './consent';
import { unsubscribeLinks } from './unsubscribe';

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
  const message = marketingEmail(input.to, input.draft, await unsubscribeLinks(ctx.config, input.to));
  await ctx.db.batch([enqueueMail(ctx.db, { ...message, kind: 'marketing', dedupeKey: input.dedupeKey }, ctx.now())]);
  ctx.mailQueued();
  return true;
}
