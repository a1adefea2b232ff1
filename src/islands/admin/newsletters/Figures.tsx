import type { NewsletterFigures } from '#shared/schemas/admin/newsletters';
import { formatNumber } from '#browser/format';
import { adminNewsletters } from '#shared/copy/admin/newsletters';

const t = adminNewsletters;
const KEYS = ['recipients', 'sent', 'failed', 'unsubscribed', 'skipped'] as const satisfies readonly (keyof NewsletterFigures)[];

/** A newsletter's figures as a description list: recipients, sent, failed, unsubscribed after it, skipped. */
export function Figures({ figures }: { figures: NewsletterFigures }) {
  return (
    <dl aria-label={t.figuresLabel} className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {KEYS.map((key) => (
        <div key={key} className="rounded-xl bg-stone-50 px-3 py-2">
          <dt className="text-sm text-muted">{t.figures[key]}</dt>
          <dd className="text-xl font-bold tabular-nums" data-figure={key}>
            {formatNumber(figures[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
