import { ArrowRight } from 'lucide-react';
import { modulePath } from '#shared/paths';
import { guide } from '#shared/copy/guide';

/** A first visit's pointer into the guide: a line of welcome and the way to the first module. */
export default function FirstVisitWelcome({ module }: { module: { id: string; title: string } }) {
  return (
    <section className="card border-brand-200 bg-brand-50" data-testid="first-visit">
      <p>{guide.firstVisitText}</p>
      <a href={modulePath(module.id)} className="btn-primary mt-4">
        {guide.firstVisitStart(module.title)}
        <ArrowRight className="size-4" aria-hidden="true" />
      </a>
    </section>
  );
}
