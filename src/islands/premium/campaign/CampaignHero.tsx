import { Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import type { PublicCampaign } from '#shared/schemas/premium';
import { CAMPAIGN_SCHEMES } from './schemes';
import './campaign.css';

/**
 * The head of a campaign in its colour scheme: crown, its title (the heading element the page
 * needs, passed in), subtitle and description, and an urgency line. /premium opens with it, and
 * every CampaignOffer (the guide's upsells, the admin's preview) starts with it.
 */
export function CampaignHero({
  campaign: c,
  title,
  urgency,
  compact = false,
  centered = false,
  cornerRoom = false,
  className = '',
}: {
  campaign: PublicCampaign;
  title: ReactNode;
  urgency?: ReactNode;
  /** The narrow sidebar panel: smaller type and padding. */
  compact?: boolean;
  /** Centred, as the heading of /premium's first step. */
  centered?: boolean;
  /** Keeps the top right corner free (a dialog's close button sits there). */
  cornerRoom?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`bg-linear-to-br ${CAMPAIGN_SCHEMES[c.colorScheme].gradient} text-white ${compact ? 'p-5' : 'p-6 sm:p-8'} ${c.animations ? 'campaign-animated' : ''} ${className}`}
    >
      <div
        className={`flex flex-wrap items-center gap-2 ${centered ? 'justify-center' : 'justify-between'} ${cornerRoom ? 'pr-12' : ''}`}
      >
        <span
          className={`campaign-crown inline-flex items-center justify-center rounded-2xl bg-white/15 ${compact ? 'size-10' : 'size-14'}`}
          aria-hidden="true"
        >
          <Crown className={compact ? 'size-6' : 'size-8'} />
        </span>
        {urgency}
      </div>
      <div className={compact ? 'mt-3' : 'mt-4'}>{title}</div>
      {c.subtitle && <p className={`mt-2 font-medium ${compact ? 'text-sm' : 'text-lg'}`}>{c.subtitle}</p>}
      {c.description && <p className={`mt-2 ${compact ? 'text-sm' : ''} text-white/95`}>{c.description}</p>}
    </div>
  );
}
