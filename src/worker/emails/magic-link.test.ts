import { describe, expect, it } from 'vitest';
import { magicLinkEmail } from './magic-link';

const mail = magicLinkEmail({ to: 'kari@example.no', link: 'https://soloprenor.no/guide/auth?token=abc', code: '482913' });

/** Classic Outlook for Windows renders with Word: it ignores padding, width and display on links and divs. */
describe('the sign-in e-mail in classic Outlook', () => {
  it('gives the card a fixed width that narrows on small screens', () => {
    expect(mail.html).toMatch(/<table[^>]*width="520"[^>]*style="[^"]*max-width:520px/);
  });

  it('builds the button as a coloured, padded cell around a block link', () => {
    const button = /<td bgcolor="#c2410c" style="([^"]*)">\s*<a href="([^"]+)" style="([^"]*)">Logg inn på Soloprenør<\/a>/.exec(
      mail.html,
    );
    expect(button).not.toBeNull();
    const [, cellStyle, href, linkStyle] = button!;
    expect(cellStyle).toContain('padding:14px 24px');
    expect(href).toBe('https://soloprenor.no/guide/auth?token=abc');
    expect(linkStyle).toContain('display:block');
  });

  it('puts padding only on cells, never on links or paragraphs', () => {
    expect(mail.html).not.toMatch(/<(a|p|div)\b[^>]*style="[^"]*padding/);
  });
});
