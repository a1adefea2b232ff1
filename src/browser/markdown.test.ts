import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './markdown';

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

  it('drops dangerous link targets', () => {
    for (const url of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:x', 'data:text/html;base64,PHNjcmlwdD4=']) {
      expect(renderMarkdown(`[klikk](${url})`)).not.toContain('href');
    }
  });

  it('opens links to other sites in a new tab, safely, and says so to screen readers', () => {
    const html = renderMarkdown('[Altinn](https://www.altinn.no) og [guiden](/guide)');
    expect(html).toContain(
      '<a href="https://www.altinn.no" target="_blank" rel="noopener noreferrer">Altinn<span class="sr-only"> (åpnes i ny fane)</span></a>',
    );
    expect(html).toContain('<a href="/guide">guiden</a>');
  });

  it('gives code blocks a copy button and keeps their text escaped', () => {
    const html = renderMarkdown('```\nDu er <min> assistent\n```');
    expect(html).toContain('<button type="button" class="md-copy" data-copy>Kopier</button>');
    expect(html).toContain('<pre><code>Du er &lt;min&gt; assistent\n</code></pre>');
  });

  it('starts headings at h3 and never goes past h6', () => {
    expect(renderMarkdown('# En\n\n##### Fem\n\n###### Seks')).toBe('<h3>En</h3>\n<h6>Fem</h6>\n<h6>Seks</h6>\n');
  });
});

describe('safeHref', () => {
  it('keeps web and site links and drops script URLs', () => {
    expect(safeHref('https://www.notion.so/mal')).toBe('https://www.notion.so/mal');
    expect(safeHref('/guide')).toBe('/guide');
    expect(safeHref(' javascript:alert(1)')).toBeUndefined();
    expect(safeHref('')).toBeUndefined();
    expect(safeHref(undefined)).toBeUndefined();
  });
});
