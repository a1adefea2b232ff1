import { CalendarClock, Crown, PencilLine } from 'lucide-react';
import { adminContent } from '#shared/copy/admin/content';
import type { AdminModule, Publication } from '#shared/schemas/admin/content';
import { TIME_ZONE } from '#shared/time';
import { Badge } from '../../ui/Badge';

/** The module's emoji on its gradient, as the guide's module card shows it. */
export function ModuleIcon({ module, large = false }: { module: Pick<AdminModule, 'icon' | 'color'>; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-xl bg-linear-to-br ${module.color ?? 'from-stone-200 to-stone-300'} ${
        large ? 'size-14 text-3xl' : 'size-10 text-xl'
      }`}
    >
      {module.icon}
    </span>
  );
}

export const PremiumBadge = () => (
  <Badge tone="brand" icon={Crown}>
    {adminContent.premium}
  </Badge>
);

const osloTime = new Intl.DateTimeFormat('nb-NO', { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** 'Utkast' for a draft, 'Publiseres …' (Oslo time) for one scheduled later; nothing once learners see it. */
export function PublicationBadge({ row }: { row: Publication }) {
  if (row.status === 'draft') {
    return (
      <Badge tone="neutral" icon={PencilLine}>
        {adminContent.status.draft}
      </Badge>
    );
  }
  if (row.publishAt && Date.parse(row.publishAt) > Date.now()) {
    return (
      <Badge tone="neutral" icon={CalendarClock}>
        {adminContent.scheduled(osloTime.format(new Date(row.publishAt)))}
      </Badge>
    );
  }
  return null;
}
