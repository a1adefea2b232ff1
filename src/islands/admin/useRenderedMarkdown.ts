import { useEffect, useState } from 'react';
import { api, call } from '#browser/api';

/** Typing pauses this long before the server renders the preview: one request per pause, not per key. */
const DEBOUNCE_MS = 250;

/**
 * `source` as HTML from the server's one Markdown renderer (no Markdown library in the browser):
 * fetched when typing pauses, the last answer kept meanwhile; null until the first arrives or
 * while the source is empty. For the admin's previews (a lesson, a mail).
 */
export function useRenderedMarkdown(source: string): string | null {
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

  return empty ? null : html;
}
