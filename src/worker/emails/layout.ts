import { escapeHtml } from '#shared/escape-html';

/*
 * The one layout of our e-mails, written for the strictest client, classic Outlook for Windows
 * (Word's renderer): padding only on cells, a fixed card width (fluid below it by max-width),
 * and the button a coloured, padded cell around a block link — Outlook drops padding and
 * display on links. A template passes its rows (`paragraph`, `button`) to `emailPage`.
 */

const BRAND = '#c2410c';
export const MUTED = '#57534e';
export const QUIET = '#78716c';
const FONT = '-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif';

/** A row of text (`html` is markup: escape what it quotes). */
export function paragraph(html: string, style = '') {
  return `<tr><td style="padding:0 0 20px;font-family:${FONT};font-size:16px;line-height:1.5;color:#1c1917;${style}">${html}</td></tr>`;
}

/** A row holding a button (`href` already escaped). */
export function button(href: string, label: string) {
  return `<tr><td style="padding:4px 0 24px">
            <table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
              <td bgcolor="${BRAND}" style="background:${BRAND};border-radius:10px;padding:14px 24px">
                <a href="${href}" style="display:block;font-family:${FONT};font-size:16px;font-weight:700;color:#ffffff;text-decoration:none">${escapeHtml(label)}</a>
              </td>
            </tr></table>
          </td></tr>`;
}

/** The closing rows of a mail with a link: "the button does not work? open this", and the signature. */
export function linkFallback(href: string, label: string, signature: string) {
  return [
    paragraph(
      `${escapeHtml(label)}<br><a href="${href}" style="color:${BRAND};word-break:break-all">${href}</a>`,
      `font-size:13px;color:${QUIET}`,
    ),
    signatureRow(signature),
  ];
}

/** The last row of every mail. */
export function signatureRow(signature: string) {
  return paragraph(escapeHtml(signature), 'font-size:14px;padding-bottom:0');
}

/** The whole document: the brand line, then `rows`, in the card. */
/**
 * A short letter: the greeting, its lines, a button, the signature, as plain text and as layout
 * rows, saying the same. `lineStyle` styles each line's paragraph (by its place).
 */
export function letter(
  input: { greeting: string; lines: string[]; link: { href: string; label: string }; signature: string },
  lineStyle: (index: number) => string = () => '',
): { text: string; rows: string[] } {
  return {
    text: [
      input.greeting,
      '',
      ...input.lines.flatMap((l) => [l, '']),
      `${input.link.label}: ${input.link.href}`,
      '',
      input.signature,
    ].join('\n'),
    rows: [
      paragraph(escapeHtml(input.greeting), 'padding-bottom:12px'),
      ...input.lines.map((l, i) => paragraph(escapeHtml(l), lineStyle(i))),
      button(escapeHtml(input.link.href), input.link.label),
      signatureRow(input.signature),
    ],
  };
}

export function emailPage(title: string, rows: string[]) {
  return `<!doctype html>
<html lang="nb">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f6f4f0">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="#f6f4f0">
    <tr><td align="center" style="padding:32px 16px">
      <table role="presentation" width="520" cellpadding="0" cellspacing="0" border="0" bgcolor="#ffffff" style="width:100%;max-width:520px;background:#ffffff;border-radius:16px">
        <tr><td style="padding:32px">
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">
          ${[paragraph('Soloprenør', `font-size:20px;font-weight:800;color:${BRAND};padding-bottom:24px`), ...rows].join('\n          ')}
          </table>
        </td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}
