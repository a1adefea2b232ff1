import type { Newsletter, NewsletterPreview, TestSendResponse } from '#shared/schemas/admin/newsletters';
import type { ServiceCtx } from '#worker/context';
import { marketingMailFor, sendTestMail, type MailContent } from '../test-mail';

/** The live preview: the mail's HTML and plain text, rendered for the admin looking at it. No database. */
export async function previewNewsletter(
  ctx: Pick<ServiceCtx<'config'>, 'config'>,
  input: MailContent & { to: string },
): Promise<NewsletterPreview> {
  const mail = await marketingMailFor(ctx.config, input, input.to);
  return { html: mail.html, text: mail.text };
}

/** A test send of a newsletter, any status, to the signed-in admin (sendTestMail). One round trip. */
export const testSendNewsletter = (
  ctx: ServiceCtx<'config' | 'mailQueued'>,
  input: { newsletter: Newsletter; to: string },
): Promise<TestSendResponse> =>
  sendTestMail(ctx, { content: input.newsletter, to: input.to, kind: `newsletter-test:${input.newsletter.id}` });
