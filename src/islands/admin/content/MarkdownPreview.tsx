import { adminContent } from '#shared/copy/admin/content';
import Markdown from '../../ui/Markdown';
import { useRenderedMarkdown } from '../useRenderedMarkdown';

const f = adminContent.lessonFields;

/** The lesson as the guide will show it, rendered by the server (useRenderedMarkdown). */
export function MarkdownPreview({ source }: { source: string }) {
  const html = useRenderedMarkdown(source);
  return (
    <section aria-labelledby="lesson-preview-title" className="rounded-xl border border-stone-200 bg-stone-50 p-4">
      <h3 id="lesson-preview-title" className="mb-3 text-sm font-bold tracking-wide text-muted uppercase">
        {f.preview}
      </h3>
      {html === null ? <p className="text-muted">{f.previewEmpty}</p> : <Markdown html={html} />}
    </section>
  );
}
