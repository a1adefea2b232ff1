import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

const render = (source: string) => renderToStaticMarkup(createElement(Markdown, { source }));

describe('Markdown', () => {
  it('renders Markdown: headings, emphasis, lists, code', () => {
    const html = render('## Tittel\n\n**fet** og *kursiv*\n\n- en\n- to\n\n```\nkode\n```');
    expect(html).toContain('<h2>Tittel</h2>');
    expect(html).toContain('<strong>fet</strong> og <em>kursiv</em>');
    expect(html).toContain('<li>en</li>');
    expect(html).toContain('<pre><code>kode\n</code></pre>');
  });

  it('shows raw HTML as text, never as markup', () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('links only to http(s) and mailto, in a new tab without access to the page', () => {
    const html = render('[ok](https://example.no) [post](mailto:hei@example.no) [js](javascript:alert(1)) [data](data:text/html,x) [lokal](/premium)');
    expect(html).toContain('<a href="https://example.no" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<a href="mailto:hei@example.no" target="_blank" rel="noopener noreferrer">post</a>');
    expect(html).not.toMatch(/href="(javascript|data|\/premium)/);
  });
});
