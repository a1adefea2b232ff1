import { nb } from '#shared/copy/nb';
import type { MailMessage } from '#worker/platform/mailer/types';
import { escapeHtml } from '#shared/escape-html';

const t = nb.email.magicLink;

/** `confirmsSignup`: the link also confirms a sign-up (double opt-in), and the mail says so. */
export function magicLinkEmail(input: { to: string; link: string; code: string; confirmsSignup?: boolean }): MailMessage {
  const greeting = t.greeting;
  const intro = input.confirmsSignup ? `${t.intro} ${t.confirmsSignup}` : t.intro;
  const text = [
    greeting,
    '',
    intro,
    '',
    input.link,
    '',
    t.validity,
    '',
    `${t.codeIntro} ${input.code}`,
    '',
    t.ignore,
    '',
    t.signature,
  ].join('\n');

  const link = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="nb">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;background:#f6f4f0;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1c1917">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 16px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;padding:32px">
        <tr><td>
          <p style="margin:0 0 24px;font-size:20px;font-weight:800;color:#c2410c">Soloprenør</p>
          <p style="margin:0 0 12px;font-size:16px">${escapeHtml(greeting)}</p>
          <p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>
          <p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;font-weight:700;padding:14px 24px;border-radius:10px">${escapeHtml(t.button)}</a></p>
          <p style="margin:0 0 24px;font-size:14px;line-height:1.5;color:#57534e">${escapeHtml(t.validity)}</p>
          <p style="margin:0 0 8px;font-size:14px;color:#57534e">${escapeHtml(t.codeIntro)}</p>
          <p style="margin:0 0 24px;font-size:28px;font-weight:800;letter-spacing:6px">${escapeHtml(input.code)}</p>
          <p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#78716c">${escapeHtml(t.ignore)}</p>
          <p style="margin:0;font-size:13px;color:#78716c;word-break:break-all">${link}</p>
          <p style="margin:24px 0 0;font-size:14px">${escapeHtml(t.signature)}</p>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
  return { to: input.to, subject: t.subject, text, html };
}
