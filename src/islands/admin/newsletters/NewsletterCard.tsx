import type { Newsletter, Segment } from '#shared/schemas/admin/newsletters';
import { formatDateTime } from '#browser/format';
import { Badge } from '../../ui/Badge';
import { Figures } from './Figures';
import { adminNewsletters } from '#shared/copy/admin/newsletters';

const t = adminNewsletters;

export const segmentLabel = (segment: Segment) =>
  segment.kind === 'inactive' ? `${t.segments.inactive} (${t.segmentDays(segment.days)})` : t.segments[segment.kind];

const TONE = { draft: 'neutral', scheduled: 'purple', sending: 'brand', sent: 'green', canceled: 'neutral' } as const;

/** When it goes or went, in Oslo time as the browser formats it. */
export function whenLine(newsletter: Newsletter): string | null {
  if (newsletter.status === 'scheduled' && newsletter.scheduledAt) return t.scheduledFor(formatDateTime(newsletter.scheduledAt));
  if (newsletter.status === 'sending') return t.sendingProgress(newsletter.sent, newsletter.recipients);
  if (newsletter.status === 'sent' && newsletter.finishedAt) return t.sentAt(formatDateTime(newsletter.finishedAt));
  return null;
}

/** One newsletter in the list: subject, status, segment, when, and its figures once it went out. */
export function NewsletterCard({ newsletter, onOpen }: { newsletter: Newsletter; onOpen: () => void }) {
  const when = whenLine(newsletter);
  return (
    <article className="card flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-bold break-words">{newsletter.subject}</h2>
          <p className="text-sm text-muted">
            {segmentLabel(newsletter.segment)}
            {when && ` · ${when}`}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <Badge tone={TONE[newsletter.status]}>{t.status[newsletter.status]}</Badge>
          <button type="button" className="btn-secondary" onClick={onOpen}>
            {t.edit}
            <span className="sr-only">: {newsletter.subject}</span>
          </button>
        </div>
      </div>
      {newsletter.status !== 'draft' && <Figures figures={newsletter} />}
    </article>
  );
}
