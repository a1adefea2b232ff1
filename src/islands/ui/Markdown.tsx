import { useMemo, useState, type MouseEvent } from 'react';
import { nb } from '#shared/copy/nb';
import { renderMarkdown } from '#browser/markdown';
import { toast } from '#browser/stores/toast';
import './markdown.css';

/**
 * Lesson Markdown, rendered safely (see #browser/markdown) and styled for reading. Code blocks
 * (the lessons' prompts) have a copy button.
 */
export default function Markdown({ source, className = '' }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  const [announcement, setAnnouncement] = useState('');

  async function onClick(e: MouseEvent<HTMLDivElement>) {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('[data-copy]');
    const code = button?.parentElement?.querySelector('pre')?.textContent;
    if (!button || code == null) return;
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = nb.markdown.copied;
      setAnnouncement(nb.markdown.copied);
      window.setTimeout(() => {
        button.textContent = nb.markdown.copy;
        setAnnouncement('');
      }, 2000);
    } catch {
      toast({ title: nb.markdown.copyFailed, variant: 'destructive' });
    }
  }

  // The HTML comes from renderMarkdown, which escapes any HTML in the source.
  return (
    <>
      <div className={`markdown ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
