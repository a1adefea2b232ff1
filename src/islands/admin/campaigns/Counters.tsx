import { adminCampaigns } from '#shared/copy/admin/campaigns';
import type { Campaign } from '#shared/schemas/admin/campaigns';
import { formatNumber } from '#browser/format';

const t = adminCampaigns;

/** Aktive, Totalt, Med animasjoner and Med rabatt (a discount above 0). */
export function Counters({ campaigns }: { campaigns: Campaign[] }) {
  const counts = [
    [t.counters.active, campaigns.filter((c) => c.isActive).length],
    [t.counters.total, campaigns.length],
    [t.counters.animated, campaigns.filter((c) => c.animations).length],
    [t.counters.discounted, campaigns.filter((c) => c.discount > 0).length],
  ] as const;
  return (
    <section aria-labelledby="campaign-counters">
      <h2 id="campaign-counters" className="sr-only">
        {t.countersLabel}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {counts.map(([label, n]) => (
          <div key={label} className="card flex flex-col-reverse p-4">
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight">{formatNumber(n)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
