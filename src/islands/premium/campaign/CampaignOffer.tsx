import { Check, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { SPOTS_FLOOR } from '#shared/constants';
import { campaign as campaignCopy } from '#shared/copy/premium/campaign';
import { formatNumber } from '#browser/format';
import { isCalendarDate } from '#shared/time';
import type { PublicCampaign } from '#shared/schemas/premium';
import { CampaignHero } from './CampaignHero';
import { Price } from './Price';
import { campaignButton, CAMPAIGN_SCHEMES } from './schemes';

const t = campaignCopy;
const longDate = new Intl.DateTimeFormat('nb-NO', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * 'card': a modal or the preview (features with their descriptions, only their titles on a
 * phone, so the call to action is in view); 'panel': the narrow sidebar (feature titles); 'page': the full width of the overview
 * (everything, benefits too).
 */
export type OfferLayout = 'card' | 'panel' | 'page';

type Props = {
  campaign: PublicCampaign;
  layout: OfferLayout;
  /** The title's heading level on its page, and its id when it names a dialog or region. */
  heading: { level: 2 | 3; id?: string };
  /** Where the call to action leads; without it (the admin's preview) the button is shown but leads nowhere. */
  cta?: { href: string; onClick?: () => void };
  /**
   * Spots really left on a limited_spots campaign (null: too few to claim, not shown). Left out
   * (the admin's preview), the configured number is shown.
   */
  spotsLeft?: number | null;
  /** A line above the offer, e.g. congratulations on a finished module. */
  intro?: ReactNode;
  /** More actions below the call to action ('Ikke nå'). */
  children?: ReactNode;
  /** Shown in a dialog whose close button floats in the top corner: the urgency line keeps clear of it. */
  inDialog?: boolean;
};

/**
 * A campaign as a user meets it, in its colour scheme: title, subtitle, description, features,
 * price (struck through only against a price the plan really had, priced by the server) with
 * what it renews at, and call to action. Its animations run
 * only when the campaign has them on and the user does not prefer reduced motion (campaign.css).
 */
export function CampaignOffer({ campaign: c, layout, heading, cta, spotsLeft, intro, children, inDialog = false }: Props) {
  const panel = layout === 'panel';
  const page = layout === 'page';
  const Heading = heading.level === 2 ? 'h2' : 'h3';
  const urgency = urgencyText(c, spotsLeft);
  // A first-period price below the plan's list price renews at the list price: said plainly.
  const firstPeriod = c.pricing.discounted ?? c.pricing.original;
  const renewal = c.renewalPrice !== null && firstPeriod < c.renewalPrice ? c.renewalPrice : null;
  const features = (
    <ul aria-label={t.featuresLabel} className={`space-y-3 ${page ? 'sm:grid sm:grid-cols-2 sm:gap-4 sm:space-y-0' : ''}`}>
      {c.features.map((f, i) => (
        <li key={i} className="flex gap-3">
          <span aria-hidden="true" className={panel ? 'text-xl' : 'text-2xl'}>
            {f.icon}
          </span>
          <div className="min-w-0">
            <p className="font-semibold break-words">{f.title}</p>
            {/* A card keeps to the feature titles on a phone, so its call to action is in view. */}
            {f.description && !panel && <p className={`text-sm text-muted ${page ? '' : 'hidden sm:block'}`}>{f.description}</p>}
            {f.benefits && f.benefits.length > 0 && page && (
              <ul className="mt-1 space-y-0.5 text-sm">
                {f.benefits.map((b, j) => (
                  <li key={j} className="flex gap-1.5">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700" />
                    {b}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
  const ctaClass = `campaign-cta ${campaignButton(c.colorScheme)} w-full ${panel ? '' : 'text-lg'} ${page ? 'sm:w-auto sm:self-start sm:px-10' : ''}`;
  return (
    <div
      className={`campaign-enter overflow-hidden bg-white ${c.animations ? 'campaign-animated' : ''}`}
      data-testid="campaign-offer"
      data-display={c.displayType}
    >
      <CampaignHero
        campaign={c}
        compact={panel}
        cornerRoom={inDialog}
        urgency={
          urgency && (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-black/30 px-3 py-1 text-sm font-semibold">
              {c.urgencyType === 'limited_spots' ? (
                <Users aria-hidden="true" className="size-4" />
              ) : (
                <Clock aria-hidden="true" className="size-4" />
              )}
              {urgency}
            </span>
          )
        }
        title={
          <Heading
            id={heading.id}
            className={`font-extrabold tracking-tight break-words ${panel ? 'text-xl' : 'text-2xl sm:text-3xl'}`}
          >
            {c.title}
          </Heading>
        }
      />
      <div className={`space-y-5 ${panel ? 'p-5' : 'p-6 sm:p-8'}`}>
        {intro && <p className={`rounded-xl ${CAMPAIGN_SCHEMES[c.colorScheme].soft} px-4 py-3 font-semibold`}>{intro}</p>}
        {c.features.length > 0 && features}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Price pricing={c.pricing} large={!panel} />
          {c.discount > 0 && (
            <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">{t.discount(c.discount)}</span>
          )}
        </div>
        {renewal !== null && <p className="-mt-3 text-sm font-semibold">{t.renewal(formatNumber(renewal), c.pricing.period)}</p>}
        <div className="flex flex-col gap-2">
          {cta ? (
            <a href={cta.href} className={ctaClass} onClick={cta.onClick}>
              {c.ctaText}
            </a>
          ) : (
            // The preview's button leads nowhere, so it is not a control.
            <p className={ctaClass}>{c.ctaText}</p>
          )}
          {children}
        </div>
      </div>
    </div>
  );
}

/** The campaign's first period costs less than the plan's list price, which it renews at. */
const reduced = (c: PublicCampaign) => c.renewalPrice !== null && (c.pricing.discounted ?? c.pricing.original) < c.renewalPrice;

/** The urgency line: the end date of a real, lower price, the spots left, or the season's name. */
function urgencyText(c: PublicCampaign, spotsLeft: number | null | undefined): string | null {
  const value = c.urgencyValue.trim();
  switch (c.urgencyType) {
    case 'countdown':
      // Only a lower price that really ends is said to end (docs/decisions/0040).
      return isCalendarDate(value) && reduced(c) ? t.until(longDate.format(new Date(`${value}T00:00:00Z`))) : null;
    case 'limited_spots':
      if (spotsLeft === undefined) return value ? t.spotsLeft(value) : null;
      return spotsLeft !== null && spotsLeft >= SPOTS_FLOOR ? t.spotsLeft(spotsLeft) : null;
    case 'seasonal':
      return value || null;
    default:
      return null;
  }
}
