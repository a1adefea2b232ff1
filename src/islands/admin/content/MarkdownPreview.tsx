import { useEffect, useState } from 'react';
import { adminContent } from '#shared/copy/admin-content';
import { api, call } from '#browser/api';
import Markdown from '../../ui/Markdown';

const f = adminContent.lessonFields;
/** Typing pauses this long before the server renders the preview: one request per pause, not per key. */
const DEBOUNCE_MS = 250;

/**
 * The lesson as the guide will show it, rendered by the server's one renderer (no Markdown
 * library in the browser): fetched when typing pauses, the last answer kept meanwhile.
 */
export function MarkdownPreview({ source }: { source: string }) {
  const [html, setHtml] = useState<string | null>(null);
  const empty = !source.trim();

  useEffect(() => {
    if (empty) return;
    let current = true;
    const timer = window.setTimeout(() => {
      call(api.admin.content.preview.$post({ json: { markdown: source } })).then(
        (res) => current && setHtml(res.html),
        // A preview that cannot be fetched keeps the last one; saving reports real problems.
        () => {},
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [source, empty]);

  return (
    <section aria-labelledby="lesson-preview-title" className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <h3 id="lesson-preview-title" className="mb-3 text-sm font-bold tracking-wide text-muted uppercase">
        {f.preview}
      </h3>
      {empty || html === null ? <p className="text-muted">{f.previewEmpty}</p> : <Markdown html={html} />}
    </section>
  );
}
