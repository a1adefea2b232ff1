import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './render-markdown';
import { sanitizeHtml } from './sanitize';

/** What no rendered lesson may ever contain: script, handlers, a script URL, a frame or an object. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|style|iframe|object|embed|svg|math|form|input|meta|link|base)\b/i);
  // Attributes only: text or a quoted value that merely quotes an attack is escaped, inert.
  const tags = html.replace(/"[^"]*"/g, '""');
  expect(tags).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  expect(tags).not.toMatch(/<[^>]*\sstyle\s*=/i);
  for (const [, url] of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) expect(url).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/);
}

describe('renderMarkdown', () => {
  it('renders the Markdown lessons are written in', () => {
    const html = renderMarkdown('## Slik gjør du det\n\n1. **Åpne** verktøyet\n2. Lim inn\n\n> Et sitat\n\n`kode`');
    expect(html).toContain('<h3>Slik gjør du det</h3>');
    expect(html).toContain('<ol>\n<li><strong>Åpne</strong> verktøyet</li>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code>kode</code>');
  });

  it('never passes raw HTML through', () => {
    const html = renderMarkdown(
      'Hei <script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<a href="javascript:alert(1)">x</a>',
    );
    expect(html).not.toMatch(/<script|<img|<a /);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    '[klikk](javascript:alert(1))',
    '[klikk](JaVaScRiPt:alert(1))',
    '[klikk](java&#x09;script:alert(1))',
    '[klikk](&#106;avascript:alert(1))',
    '[klikk](vbscript:msgbox(1))',
    '[klikk](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[klikk](file:///etc/passwd)',
    '[klikk](//evil.example/x)',
    '<javascript:alert(1)>',
    '![bilde](javascript:alert(1))',
    '![bilde](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
    '[klikk](https://ok.example "tittel\\" onmouseover=\\"alert(1)")',
    '[x](https://ok.example)<img src=x onerror=alert(1)>',
    '<svg/onload=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '```html\n<script>alert(1)</script>\n```',
    '| a | b |\n|:--|--:|\n| <b onclick=alert(1)>x</b> | y |',
    '<!-- <script>alert(1)</script> -->',
    '[a](<javascript:alert(1)>)',
    '[ref]\n\n[ref]: javascript:alert(1)',
  ])('keeps %s inert, on a page and in an e-mail', (source) => {
    expectInert(renderMarkdown(source));
    expectInert(renderMarkdown(source, 'email'));
  });

  it('opens links to other sites in a new tab, safely, and says so to screen readers', () => {
    const html = renderMarkdown('[Altinn](https://www.altinn.no/a?b=1&c=2) og [guiden](/guide) og <post@soloprenor.no>');
    expect(html).toContain(
      '<a href="https://www.altinn.no/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">Altinn<span class="sr-only"> (åpnes i ny fane)</span></a>',
    );
    expect(html).toContain('<a href="/guide">guiden</a>');
    expect(html).toContain('<a href="mailto:post@soloprenor.no">post@soloprenor.no</a>');
  });

  it('gives code blocks a copy button and keeps their text escaped', () => {
    const html = renderMarkdown('```\nDu er <min> assistent\n```');
    expect(html).toContain('<button type="button" class="md-copy" data-copy>Kopier</button>');
    expect(html).toContain('<pre><code>Du er &lt;min&gt; assistent\n</code></pre>');
  });

  it('writes plain markup for e-mail: no copy button, no screen-reader note', () => {
    const html = renderMarkdown('```\nprompt\n```\n\n[Altinn](https://www.altinn.no)', 'email');
    expect(html).toBe(
      '<pre><code>prompt\n</code></pre>\n<p><a href="https://www.altinn.no" target="_blank" rel="noopener noreferrer">Altinn</a></p>\n',
    );
  });

  it('keeps tables, images on http(s) and ordered lists that start later', () => {
    const html = renderMarkdown('3. tre\n4. fire\n\n![Skjema](https://cdn.example/s.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<img src="https://cdn.example/s.png" alt="Skjema">');
    expect(html).toContain('<div class="md-table"><table>');
  });

  it('starts headings at h3 and never goes past h6', () => {
    expect(renderMarkdown('# En\n\n##### Fem\n\n###### Seks')).toBe('<h3>En</h3>\n<h6>Fem</h6>\n<h6>Seks</h6>\n');
  });
});

describe('sanitizeHtml', () => {
  it('keeps only the allow-list, whatever it is given', () => {
    const html = sanitizeHtml(
      '<p id="x" class="evil md-code" onclick="alert(1)">hei</p><a href="jav&#x61;script:alert(1)">a</a><script>alert(1)</script><div class="md-table" style="position:fixed">t</div>',
    );
    expect(html).toBe('<p>hei</p><a>a</a><div class="md-table">t</div>');
  });
});

describe('safeHref', () => {
  it('keeps web and site links and drops script URLs', () => {
    expect(safeHref('https://www.notion.so/mal')).toBe('https://www.notion.so/mal');
    expect(safeHref('/guide')).toBe('/guide');
    expect(safeHref(' javascript:alert(1)')).toBeUndefined();
    expect(safeHref('//evil.example')).toBeUndefined();
    expect(safeHref('')).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});
