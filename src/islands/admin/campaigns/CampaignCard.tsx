import { CheckCircle2, Eye, Pencil, Sparkles, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { adminCampaigns } from '#shared/copy/admin/campaigns';
import type { CampaignList } from '#shared/schemas/admin/campaigns';
import { Badge } from '../../ui/Badge';
import { IconButton } from '../../ui/IconButton';
import { Price } from '../../premium/campaign/Price';
import { CAMPAIGN_SCHEMES } from '../../premium/campaign/schemes';

const t = adminCampaigns;
/** Cards show at most this many features, then '+N'. */
const SHOWN_FEATURES = 3;

/** One campaign in the list; the active one is highlighted and badged 'Aktiv'. */
export function CampaignCard({
  campaign: c,
  onPreview,
  onEdit,
  onDelete,
}: {
  campaign: CampaignList['campaigns'][number];
  onPreview: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const more = c.features.length - SHOWN_FEATURES;
  return (
    <article
      aria-labelledby={titleId}
      className={`card flex h-full flex-col gap-4 p-5 ${c.isActive ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-600' : ''}`}
    >
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg font-bold break-words">
            {c.name}
          </h2>
          {c.isActive && (
            <Badge tone="green" icon={CheckCircle2}>
              {t.activeBadge}
            </Badge>
          )}
          {c.animations && (
            <Badge tone="purple" icon={Sparkles}>
              {t.animatedBadge}
            </Badge>
          )}
        </div>
        <p className="mt-1 text-muted break-words">{c.title}</p>
      </header>

      {c.features.length === 0 ? (
        <p className="text-sm text-muted">{t.noFeatures}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {c.features.slice(0, SHOWN_FEATURES).map((f, i) => (
            <li key={i} className="flex gap-2">
              <span aria-hidden="true">{f.icon}</span>
              <span className="min-w-0 break-words">{f.title}</span>
            </li>
          ))}
          {more > 0 && (
            <li className="text-muted">
              <span aria-hidden="true">{t.moreFeatures(more)}</span>
              <span className="sr-only">{t.moreFeaturesLabel(more)}</span>
            </li>
          )}
        </ul>
      )}

      <Price pricing={c.pricing} />

      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <Fact label={t.colorLabel}>
          <span
            aria-hidden="true"
            className={`inline-block size-4 rounded-full bg-linear-to-br ${CAMPAIGN_SCHEMES[c.colorScheme].gradient}`}
          />
          {t.colorSchemes[c.colorScheme]}
        </Fact>
        <Fact label={t.displayLabel}>{t.displayTypes[c.displayType]}</Fact>
        {/* Real reach: distinct users who were shown the campaign and who clicked it, and its paid purchases. */}
        <Fact label={t.seenBy} testId="campaign-seen">
          {t.users(c.reach.seen)}
        </Fact>
        <Fact label={t.clickedBy} testId="campaign-clicked">
          {t.users(c.reach.clicked)}
        </Fact>
        <Fact label={t.purchasedBy} testId="campaign-purchased">
          {t.purchases(c.reach.purchased)}
        </Fact>
      </dl>

      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-stone-200 pt-4">
        {/* The visible word starts the accessible name (WCAG 2.5.3); the campaign's name tells the cards apart. */}
        <button type="button" className="btn-secondary px-4 py-2" onClick={onPreview}>
          <Eye aria-hidden="true" className="size-4" />
          {t.preview}
          <span className="sr-only"> {c.name}</span>
        </button>
        <button type="button" className="btn-secondary px-4 py-2" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          {t.edit}
          <span className="sr-only"> {c.name}</span>
        </button>
        <span className="ml-auto">
          <IconButton label={t.deleteLabel(c.name)} icon={Trash2} onClick={onDelete} danger />
        </span>
      </div>
    </article>
  );
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <dt className="text-muted">{label}:</dt>
      <dd className="flex items-center gap-1.5 font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
