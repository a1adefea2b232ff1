import { nb } from '#shared/copy/nb';
import type { MailMessage } from '#worker/platform/mailer/types';
import { escapeHtml } from '#shared/escape-html';

const t = nb.email.magicLink;
const BRAND = '#c2410c';
const MUTED = '#57534e';
const FONT = '-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

/**
 * Written for the strictest client, classic Outlook for Windows (Word's renderer): padding
 * only on cells, a fixed card width (fluid below it by max-width), and the button a coloured,
 * padded cell around a block link — Outlook drops padding and display on links.
 */
function paragraph(html: string, style = '') {
  return `<tr><td style="padding:0 0 20px;font-family:${FONT};font-size:16px;line-height:1.5;color:#1c1917;${style}">${html}</td></tr>`;
}

function button(href: string, label: string) {
  return `<tr><td style="padding:4px 0 24px">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
              <td bgcolor="${BRAND}" style="background:${BRAND};border-radius:10px;padding:14px 24px">
                <a href="${href}" style="display:block;font-family:${FONT};font-size:16px;font-weight:700;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a>
              </td>
            </tr></table>
          </td></tr>`;
}

/** `confirmsSignup`: the link also confirms a sign-up (double opt-in), and the mail says so. */
export function magicLinkEmail(input: { to: string; link: string; code: string; confirmsSignup?: boolean }): MailMessage {
  const confirms = input.confirmsSignup ? ` ${t.confirmsSignup}` : '';
  const text = [
    t.greeting,
    '',
    t.textIntro + confirms,
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
<body style="margin:0;padding:0;background:#f6f4f0">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f6f4f0">
    <tr><td align="center" style="padding:32px 16px">
      <table role="presentation" width="520" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:520px;background:#ffffff;border-radius:16px">
        <tr><td style="padding:32px">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
          ${paragraph('Soloprenør', `font-size:20px;font-weight:800;color:${BRAND};padding-bottom:24px`)}
          ${paragraph(escapeHtml(t.greeting), 'padding-bottom:12px')}
          ${paragraph(escapeHtml(t.intro + confirms))}
          ${button(link, t.button)}
          ${paragraph(escapeHtml(t.validity), `font-size:14px;color:${MUTED}`)}
          ${paragraph(escapeHtml(t.codeIntro), `font-size:14px;color:${MUTED};padding-bottom:8px`)}
          ${paragraph(escapeHtml(input.code), 'font-size:28px;font-weight:800;letter-spacing:6px;padding-bottom:24px')}
          ${paragraph(escapeHtml(t.ignore), 'font-size:13px;color:#78716c;padding-bottom:8px')}
          ${paragraph(`${escapeHtml(t.fallback)}<br><a href="${link}" style="color:${BRAND};word-break:break-all">${link}</a>`, 'font-size:13px;color:#78716c')}
          ${paragraph(escapeHtml(t.signature), 'font-size:14px;padding-bottom:0')}
          </table>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
  return { to: input.to, subject: t.subject, text, html };
}
