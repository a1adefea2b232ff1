import { Crown } from 'lucide-react';
import { nb } from '#shared/copy/nb';
import type { AdminModule } from '#shared/schemas/admin-content';
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
    {nb.adminContent.premium}
  </Badge>
);
