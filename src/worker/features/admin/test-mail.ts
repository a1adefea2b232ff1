import { email as mailCopy } from '#shared/copy/email';
import type { TestSendResponse } from '#shared/schemas/admin/newsletters';
import type { Config } from '#worker/config';
import type { ServiceCtx } from '#worker/context';
import { markdownDraft } from '#worker/emails/markdown';
import { marketingEmail } from '#worker/emails/marketing';
import { enqueueMail } from '#worker/emails/queue';
import { senderOf, unsubscribeLinks } from '#worker/features/privacy/index';

/** What the admin writes of a marketing mail: a newsletter, a step of the welcome series. */
export type MailContent = { subject: string; markdown: string };

/** The mail exactly as `to` would get it (the send jobs render the same), with `to`'s own unsubscribe links. */
export async function marketingMailFor(config: Config, content: MailContent, to: string) {
  return marketingEmail(to, markdownDraft(content, config.PUBLIC_URL), await unsubscribeLinks(config, to), senderOf(config));
}

/**
 * A test send to the signed-in admin, through the queue like every mail: the real mail with
 * "[Test]" before the subject. The admin asked for it, so no consent is checked. `kind` names
 * what is tested in the queue's key (`newsletter-test:<id>`, `welcome-test`). One round trip.
 */
export async function sendTestMail(
  ctx: ServiceCtx<'config' | 'mailQueued'>,
  input: { content: MailContent; to: string; kind: string },
): Promise<TestSendResponse> {
  const mail = await marketingMailFor(ctx.config, input.content, input.to);
  const now = ctx.now();
  await ctx.db.batch([
    enqueueMail(
      ctx.db,
      {
        ...mail,
        subject: `${mailCopy.testPrefix}${mail.subject}`,
        kind: 'marketing',
        dedupeKey: `${input.kind}:${now}:${crypto.randomUUID()}`,
      },
      now,
    ),
  ]);
  ctx.mailQueued();
  return { email: input.to };
}
