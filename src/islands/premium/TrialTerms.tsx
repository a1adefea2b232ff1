import { CalendarClock } from 'lucide-react';
import { PRICES_NOK, type Plan } from '#shared/constants';
import { trial as t } from '#shared/copy/trial';
import type { TrialOffer } from '#shared/trial';

/**
 * A free trial's terms where the buyer decides (docs/decisions/0060-free-trial.md): how long it is
 * free, the first charge's date and amount, how often after it, and how to stop it for nothing.
 */
export default function TrialTerms({ trial, plan }: { trial: TrialOffer; plan: Plan }) {
  return (
    <div className="mt-4 flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm" data-testid="trial-terms">
      <CalendarClock className="size-5 shrink-0 text-brand-800" aria-hidden="true" />
      <div>
        <p className="font-bold">{t.title(trial.days)}</p>
        <p className="mt-1">
          {t.terms({ days: trial.days, plan, priceNok: PRICES_NOK[plan], firstChargeAt: trial.firstChargeAt })}
        </p>
        <p className="mt-1 text-muted">{t.cardNow}</p>
      </div>
    </div>
  );
}
