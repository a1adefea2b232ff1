import { pricingPage } from '#shared/copy/pricing';
import { ArrowRight, Eye, Lock, RotateCcw, ShieldCheck, Sparkles, Users } from 'lucide-react';
import { VIEWERS_FLOOR } from '#shared/constants';
import { premium } from '#shared/copy/premium';
import type { OfferResponse, PublicCampaign } from '#shared/schemas/premium';
import { shownCount } from '#browser/stores/premium';
import { CampaignHero } from './campaign/CampaignHero';
import { campaignButton } from './campaign/schemes';
import { StepHeading } from './StepParts';

const t = premium.welcome;
const TRUST_ICONS = [ShieldCheck, RotateCcw, Lock];

type Props = { campaign: PublicCampaign; counts: Pick<OfferResponse, 'userCount' | 'viewers'> | null; onNext: () => void };

/** Step 0: the offer (a discount badge only for a real reduction), real social proof (hidden below its floor), the call to action and the trust marks. */
export default function WelcomeStep({ campaign, counts, onNext }: Props) {
  const viewers = shownCount(counts?.viewers, VIEWERS_FLOOR);
  return (
    <section className="text-center">
      {campaign.discount > 0 && campaign.plan && (
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-100 px-4 py-1.5 text-xs font-bold tracking-wide text-brand-800 sm:text-sm">
          <Sparkles className="size-4" aria-hidden="true" />
          {t.badge(campaign.discount, campaign.plan)}
        </p>
      )}
      <CampaignHero
        campaign={campaign}
        centered
        className="mt-6 rounded-3xl shadow-lg"
        title={<StepHeading>{campaign.title}</StepHeading>}
      />

      {counts && (
        <ul className="mx-auto mt-8 flex max-w-xl flex-col items-center justify-center gap-3 text-sm sm:flex-row sm:gap-6">
          {counts.userCount !== null && (
            <li className="inline-flex items-center gap-2">
              <Users className="size-5 text-brand-700" aria-hidden="true" />
              <span>
                <strong>{t.socialProof(counts.userCount)}</strong> {t.socialProofRest}
              </span>
            </li>
          )}
          {viewers !== null && (
            <li className="inline-flex items-center gap-2">
              <span className="relative flex size-2.5" aria-hidden="true">
                <span className="absolute inline-flex size-full rounded-full bg-green-500 opacity-75 motion-safe:animate-ping" />
                <span className="relative inline-flex size-2.5 rounded-full bg-green-600" />
              </span>
              <Eye className="size-5 text-muted" aria-hidden="true" />
              <span>{t.viewers(viewers)}</span>
            </li>
          )}
        </ul>
      )}

      <p className="mt-8 text-lg font-semibold" data-testid="welcome-price">
        {pricingPage.listPrices}
      </p>
      <button
        type="button"
        className={`${campaignButton(campaign.colorScheme)} mt-6 w-full px-8 text-lg sm:w-auto`}
        onClick={onNext}
      >
        {campaign.ctaText}
        <ArrowRight className="size-5" aria-hidden="true" />
      </button>

      <ul aria-label={t.trustLabel} className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-3 text-sm text-muted">
        {t.trust.map((label, i) => {
          const Icon = TRUST_ICONS[i]!;
          return (
            <li key={label} className="inline-flex items-center gap-1.5">
              <Icon className="size-4 text-green-700" aria-hidden="true" />
              {label}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
