import type { ComponentProps, Dispatch } from 'react';
import { FlaskConical } from 'lucide-react';
import type { Plan } from '#shared/constants';
import type { PlanPrices } from '#shared/pricing';
import type { OfferResponse, PublicCampaign } from '#shared/schemas/premium';
import ConfirmStep from './ConfirmStep';
import FeaturesStep from './FeaturesStep';
import PricingStep from './PricingStep';
import type { FlowAction, FlowState, PlanOffer } from './premium-flow-state';
import StepProgress from './StepProgress';
import WelcomeStep from './WelcomeStep';
import { premium } from '#shared/copy/premium';

const t = premium;

/** The four steps for a signed-in free user (Velkommen, Funksjoner, Prising, Bekreft), with the test-mode and cancel notes above them. */
export default function CheckoutSteps({
  state,
  dispatch,
  data,
  campaign,
  prices,
  popularPlan,
  countdown,
  cancelled,
  offerFor,
  onPay,
}: {
  state: FlowState;
  dispatch: Dispatch<FlowAction>;
  data: OfferResponse | null;
  campaign: PublicCampaign;
  prices: PlanPrices;
  popularPlan: Plan | null;
  countdown: { deadline: number; endsAt: string } | null;
  /** Back from a payment page the buyer cancelled. */
  cancelled: boolean;
  /** Each plan's first period and free trial for this user (planOffer), as the server charges them. */
  offerFor: (plan: Plan) => PlanOffer;
  onPay: ComponentProps<typeof ConfirmStep>['onPay'];
}) {
  const { step, plan } = state;
  const go = (to: number) => () => dispatch({ type: 'step', step: to });
  const providers = data?.providers ?? [];
  const offer = offerFor(plan);
  return (
    <>
      {data?.testMode && step < 3 && (
        <p className="mb-6 flex items-center justify-center gap-2 rounded-full bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
          <FlaskConical className="size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>{t.testMode.label}:</strong> {t.testMode.text}
          </span>
        </p>
      )}
      {cancelled && step === 3 && (
        <p role="status" className="mb-6 rounded-2xl bg-stone-100 px-4 py-3 text-center text-sm">
          {t.checkout.cancelled}
        </p>
      )}
      <StepProgress step={step} />
      {step === 0 && <WelcomeStep campaign={campaign} counts={data} onNext={go(1)} />}
      {step === 1 && <FeaturesStep features={campaign.features} onBack={go(0)} onNext={go(2)} />}
      {step === 2 && (
        <PricingStep
          plan={plan}
          onPlan={(p) => dispatch({ type: 'plan', plan: p })}
          prices={prices}
          campaign={campaign}
          offerFor={offerFor}
          popularPlan={popularPlan}
          onBack={go(1)}
          onNext={go(3)}
        />
      )}
      {step === 3 && (
        <ConfirmStep
          plan={plan}
          price={offer.price}
          trial={offer.trial}
          countdown={countdown}
          testMode={data?.testMode ?? false}
          providers={providers}
          provider={state.provider ?? providers[0] ?? 'test'}
          onProvider={(provider) => dispatch({ type: 'provider', provider })}
          processing={state.processing}
          onPay={onPay}
        />
      )}
    </>
  );
}
