import { nb } from '#shared/copy/nb';
import type { Newsletter, NewsletterPreview } from '#shared/schemas/admin/newsletters';
import type { Config } from '#worker/config';
import type { ServiceCtx } from '#worker/context';
import { marketingEmail } from '#worker/emails/marketing';
import { newsletterDraft } from '#worker/emails/newsletter';
import { enqueueMail } from '#worker/emails/queue';
import { senderOf, unsubscribeLinks } from '#worker/features/privacy/index';

type Content = { subject: string; markdown: string };

/** The newsletter exactly as `to` would get it (the send job renders the same), with `to`'s own unsubscribe links. */
async function renderFor(config: Config, content: Content, to: string) {
  const draft = newsletterDraft(content, config.PUBLIC_URL);
  return marketingEmail(to, draft, await unsubscribeLinks(config, to), senderOf(config));
}

/** The live preview: the mail's HTML and plain text, rendered for the admin looking at it. No database. */
export async function previewNewsletter(
  ctx: Pick<ServiceCtx<'config'>, 'config'>,
  input: Content & { to: string },
): Promise<NewsletterPreview> {
  const mail = await renderFor(ctx.config, input, input.to);
  return { html: mail.html, text: mail.text };
}

/**
 * A test send to the signed-in admin, through the queue like every mail: the real mail with
 * "[Test]" before the subject. The admin asked for it, so no consent is checked and any status
 * may be tested. One round trip.
 */
export async function testSendNewsletter(
  ctx: ServiceCtx<'config' | 'mailQueued'>,
  input: { newsletter: Newsletter; to: string },
): Promise<{ email: string }> {
  const mail = await renderFor(ctx.config, input.newsletter, input.to);
  const now = ctx.now();
  await ctx.db.batch([
    enqueueMail(
      ctx.db,
      {
        ...mail,
        subject: `${nb.adminNewsletters.testPrefix}${mail.subject}`,
        kind: 'marketing',
        dedupeKey: `newsletter-test:${input.newsletter.id}:${now}:${crypto.randomUUID()}`,
      },
      now,
    ),
  ]);
  ctx.mailQueued();
  return { email: input.to };
}
