import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

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

/** Typography for the rendered elements, kept here so every Markdown view looks the same. */
const PROSE = [
  'space-y-4 leading-relaxed break-words',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:text-muted',
  '[&_code]:rounded [&_code]:bg-stone-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em]',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-stone-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-stone-50',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_table]:w-full [&_table]:text-left [&_td]:border-t [&_td]:border-stone-200 [&_td]:py-1 [&_th]:py-1',
  '[&_hr]:border-stone-200',
].join(' ');

/** Lesson Markdown rendered as the guide renders it. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => md.render(source), [source]);
  // Safe: markdown-it escapes all raw HTML (html: false) and drops links to other schemes.
  return <div className={className ? `${PROSE} ${className}` : PROSE} dangerouslySetInnerHTML={{ __html: html }} />;
}
