import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Crown, FlaskConical, Hourglass, LogIn } from 'lucide-react';
import { PLANS, type Plan } from '#shared/constants';
import { premium } from '#shared/copy/premium';
import { firstPeriodOffer } from '#shared/pricing';
import { loginPath, PATHS, PAYMENT_RETURN } from '#shared/paths';
import { errorMessage } from '#browser/api';
import { $auth, checkSession } from '#browser/stores/auth';
import { $campaign, $offer, $prices, loadCampaign, loadOffer, refreshOfferWhileVisible, upgrade } from '#browser/stores/premium';
import { toast } from '#browser/stores/toast';
import ConfirmStep from './ConfirmStep';
import FeaturesStep from './FeaturesStep';
import PremiumHeader from './PremiumHeader';
import PricingStep from './PricingStep';
import { Checking, StatusCard } from './StatusCard';
import StepProgress from './StepProgress';
import { STEP_HEADING_ID } from './StepParts';
import SuccessScreen from './SuccessScreen';
import WelcomeStep from './WelcomeStep';

const t = premium;
/** Back from the payment page, Premium arrives with the provider's webhook: ask for it for up to 30 s. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLLS = 15;

type Phase = 'flow' | 'confirming' | 'unconfirmed' | 'success';
type Return = { status: 'success' | 'cancel' | null; plan: Plan | null };

/** `/premium?status=success|cancel&plan=…`: where a payment page sent the browser back to. */
function readReturn(): Return {
  if (typeof window === 'undefined') return { status: null, plan: null };
  const query = new URLSearchParams(window.location.search);
  const status = query.get(PAYMENT_RETURN.param);
  const plan = query.get(PAYMENT_RETURN.planParam);
  return {
    status: status === PAYMENT_RETURN.success || status === PAYMENT_RETURN.cancel ? status : null,
    plan: PLANS.find((p) => p === plan) ?? null,
  };
}

/**
 * /premium: the four-step upgrade (Velkommen, Funksjoner, Prising, Bekreft) for a signed-in
 * free user, the states around it, and the way back from a payment page.
 */
export default function PremiumFlow({ logo }: { logo?: ReactNode }) {
  const auth = useStore($auth);
  const offer = useStore($offer);
  const campaign = useStore($campaign);
  const prices = useStore($prices);
  const [returned] = useState(readReturn);
  const [phase, setPhase] = useState<Phase>(returned.status === 'success' ? 'confirming' : 'flow');
  const [step, setStep] = useState(returned.status === 'cancel' ? 3 : 0);
  const [plan, setPlan] = useState<Plan>(returned.plan ?? 'yearly');
  const [processing, setProcessing] = useState(false);
  const firstStep = useRef(true);

  useEffect(() => {
    // The return status is read once; a reload must not repeat it.
    if (returned.status) window.history.replaceState(null, '', PATHS.premium);
    void loadCampaign();
    void checkSession().then((state) => {
      if (state.status === 'authenticated') void loadOffer();
    });
  }, [returned.status]);

  const free = offer.status === 'ready' && !offer.data.isPremium;
  useEffect(() => (phase === 'flow' && free ? refreshOfferWhileVisible() : undefined), [phase, free]);

  useEffect(() => {
    if (phase !== 'confirming' || auth.status !== 'authenticated') return;
    let polls = 0;
    const id = window.setInterval(() => {
      void loadOffer(0).then((state) => {
        if (state.status === 'ready' && state.data.isPremium) setPhase('success');
        else if (++polls >= CONFIRM_POLLS) setPhase('unconfirmed');
      });
    }, CONFIRM_POLL_MS);
    return () => window.clearInterval(id);
  }, [phase, auth.status]);
  useEffect(() => {
    if (phase === 'confirming' && offer.status === 'ready' && offer.data.isPremium) setPhase('success');
  }, [phase, offer]);

  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true });
  }, [step]);

  async function pay(withdrawalConsent: boolean) {
    if (processing) return;
    setProcessing(true);
    try {
      const result = await upgrade(plan, firstPeriodOffer(plan, prices, campaign), withdrawalConsent);
      // To the provider's page; the button stays busy until the browser has left.
      if (result.status === 'redirect') window.location.assign(result.url);
      else setPhase('success');
    } catch (err) {
      toast({ title: t.error.title, description: errorMessage(err, t.error.fallback), variant: 'destructive' });
      setProcessing(false);
    }
  }

  const data = offer.status === 'ready' ? offer.data : null;
  const live = phase === 'flow' && data !== null && !data.isPremium && campaign !== null;
  const countdown =
    live && campaign.urgencyType === 'countdown' && offer.status === 'ready' && offer.deadline !== null && data.offer
      ? { deadline: offer.deadline, endsAt: data.offer.endsAt }
      : null;
  const spotsLeft = live && campaign.urgencyType === 'limited_spots' ? data.spotsLeft : undefined;

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-paper">
      <PremiumHeader logo={logo} countdown={countdown} spotsLeft={spotsLeft} />
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {(() => {
          if (auth.status === 'loading') return <Checking text={t.guard.checkingAuth} />;
          if (auth.status === 'anonymous') {
            return (
              <StatusCard icon={<LogIn className="size-7" />} title={t.guard.loginTitle}>
                <p className="mt-3 text-muted">{t.guard.loginText}</p>
                <a href={loginPath(PATHS.premium)} className="btn-primary mt-6 w-full">
                  {t.guard.loginButton}
                </a>
              </StatusCard>
            );
          }
          if (phase === 'success') return <SuccessScreen />;
          if (phase === 'confirming') {
            return (
              <StatusCard icon={<Hourglass className="size-7" />} title={t.checkout.confirming}>
                <p role="status" className="mt-3 text-muted">
                  {t.checkout.confirmingText}
                </p>
              </StatusCard>
            );
          }
          if (phase === 'unconfirmed') {
            return (
              <StatusCard icon={<Hourglass className="size-7" />} title={t.checkout.pendingTitle}>
                <p className="mt-3 text-muted">{t.checkout.pendingText}</p>
                <div className="mt-6 flex flex-col gap-3">
                  <button type="button" className="btn-primary" onClick={() => setPhase('confirming')}>
                    {t.checkout.checkAgain}
                  </button>
                  <a href={PATHS.guide} className="btn-secondary">
                    {t.guard.toGuide}
                  </a>
                </div>
              </StatusCard>
            );
          }
          if (offer.status === 'loading' || campaign === null) return <Checking text={t.guard.checkingPremium} />;
          if (data?.isPremium) {
            return (
              <StatusCard icon={<Crown className="size-7" />} title={t.guard.alreadyTitle}>
                <p className="mt-3 text-muted">{t.guard.alreadyText}</p>
                <a href={PATHS.guide} className="btn-primary mt-6 w-full">
                  {t.guard.toGuide}
                </a>
              </StatusCard>
            );
          }
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
              {returned.status === 'cancel' && step === 3 && (
                <p role="status" className="mb-6 rounded-2xl bg-stone-100 px-4 py-3 text-center text-sm">
                  {t.checkout.cancelled}
                </p>
              )}
              <StepProgress step={step} />
              {step === 0 && <WelcomeStep campaign={campaign} counts={data} onNext={() => setStep(1)} />}
              {step === 1 && <FeaturesStep features={campaign.features} onBack={() => setStep(0)} onNext={() => setStep(2)} />}
              {step === 2 && (
                <PricingStep
                  plan={plan}
                  onPlan={setPlan}
                  prices={prices}
                  campaign={campaign}
                  onBack={() => setStep(1)}
                  onNext={() => setStep(3)}
                />
              )}
              {step === 3 && (
                <ConfirmStep
                  plan={plan}
                  price={firstPeriodOffer(plan, prices, campaign)}
                  countdown={countdown}
                  testMode={data?.testMode ?? false}
                  processing={processing}
                  onPay={pay}
                />
              )}
            </>
          );
        })()}
      </main>
    </div>
  );
}
