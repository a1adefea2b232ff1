import type { ServiceCtx } from '#worker/context';
import { marketingEmail, type MarketingDraft } from '#worker/emails/marketing';
import { marketingConsent } from './consent';
import { unsubscribeLinks } from './unsubscribe';

/**
 * The one way to send marketing e-mail (tips, tools, offers): only to an address whose consent
 * stands granted, and always with its signed unsubscribe link and headers. Sign-in and other
 * mail the reader asked for is transactional and goes straight through the mailer. Resolves to
 * whether the mail was sent.
 */
export async function sendMarketingEmail(
  ctx: ServiceCtx<'mailer' | 'config'>,
  input: { to: string; draft: MarketingDraft },
): Promise<boolean> {
  if ((await marketingConsent(ctx, { email: input.to })) !== 'granted') return false;
  await ctx.mailer.send(marketingEmail(input.to, input.draft, await unsubscribeLinks(ctx.config, input.to)));
  return true;
}
