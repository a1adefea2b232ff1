import type { ReactNode } from 'react';
import { ArrowLeft, Clock, Users } from 'lucide-react';
import { SPOTS_FLOOR } from '#shared/constants';
import { premium } from '#shared/copy/premium';
import { PATHS } from '#shared/paths';
import { shownCount } from '#browser/stores/premium';
import Countdown from './Countdown';

const t = premium.header;

type Props = {
  logo?: ReactNode;
  /** The countdown chip: for countdown campaigns, to a real deadline. */
  countdown?: { deadline: number; endsAt: string } | null;
  /** Real spots left on a limited_spots campaign. */
  spotsLeft?: number;
};

/** The premium page's header: logo, the offer's real urgency (if any) and the way back to the guide. */
export default function PremiumHeader({ logo, countdown, spotsLeft }: Props) {
  const spots = shownCount(spotsLeft, SPOTS_FLOOR);
  return (
    <header className="border-b border-stone-200 bg-white/90">
      {/* Phone: logo and the way back on one row, the urgency chips centred below; wider: one row. */}
      <div className="mx-auto flex min-h-16 max-w-4xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6">
        <div className="shrink-0">{logo}</div>
        {(countdown || spots !== null) && (
          <div className="order-last flex w-full flex-wrap items-center justify-center gap-2 sm:order-none sm:ml-auto sm:w-auto">
            {countdown && (
              <p className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-200">
                <Clock className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">{t.offerEnds} </span>
                <Countdown {...countdown} />
              </p>
            )}
            {spots !== null && (
              <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
                <Users className="size-4 shrink-0" aria-hidden="true" />
                {t.spotsLeft(spots)}
              </p>
            )}
          </div>
        )}
        <a
          href={PATHS.guide}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 text-sm font-semibold text-ink hover:bg-stone-100"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.toGuide}
        </a>
      </div>
    </header>
  );
}
