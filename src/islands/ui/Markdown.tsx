import { useState, type MouseEvent } from 'react';
import { markdown as t } from '#shared/copy/guide';
import { toast } from '#browser/stores/toast';
import './markdown.css';

/**
 * Lesson Markdown as HTML the server rendered and sanitized (#worker/markdown/render-markdown),
 * styled for reading. Code blocks (the lessons' prompts) have a copy button.
 */
export default function Markdown({ html, className = '' }: { html: string; className?: string }) {
  const [announcement, setAnnouncement] = useState('');

  async function onClick(e: MouseEvent<HTMLDivElement>) {
    const button = (e.target as HTMLElement).closest<HTMLButtonElement>('[data-copy]');
    const code = button?.parentElement?.querySelector('pre')?.textContent;
    if (!button || code == null) return;
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = t.copied;
      setAnnouncement(t.copied);
      window.setTimeout(() => {
        button.textContent = t.copy;
        setAnnouncement('');
      }, 2000);
    } catch {
      toast({ title: t.copyFailed, variant: 'destructive' });
    }
  }

  // Only ever HTML from the server's renderer, which escapes the source's HTML and keeps an allow-list.
  return (
    <>
      <div className={`markdown ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
