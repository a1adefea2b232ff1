import { BookOpen } from 'lucide-react';
import { nb } from '#shared/copy/nb';
import { SectionHeader } from '../SectionHeader';

/** The Innhold section: modules and lessons. Until the content manager lands, a short note. */
export default function ContentManager() {
  return (
    <>
      <SectionHeader title={nb.adminShell.sections.content} />
      <div className="card flex items-start gap-4">
        <BookOpen aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
        <p className="text-muted">{nb.adminShell.contentComing}</p>
      </div>
    </>
  );
}
