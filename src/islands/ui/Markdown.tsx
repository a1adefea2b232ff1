import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';
import './Markdown.css';

/**
 * Lesson text is Markdown written by admins. Raw HTML in it is shown as text (`html: false`), so
 * the rendered markup holds only what Markdown itself produces; links may go only to http(s)
 * and mailto addresses and open in a new tab without access to this page.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SAFE_LINK = /^(https?:|mailto:)/i;
md.validateLink = (url) => SAFE_LINK.test(url.trim());

const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]!.attrSet('target', '_blank');
  tokens[idx]!.attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Lesson Markdown rendered as the guide renders it. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => md.render(source), [source]);
  // Safe: markdown-it escapes all raw HTML (html: false) and drops links to other schemes.
  return <div className={className ? `markdown ${className}` : 'markdown'} dangerouslySetInnerHTML={{ __html: html }} />;
}
