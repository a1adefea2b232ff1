import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { premium } from '#shared/copy/premium';
import type { Plan } from '#shared/constants';
import { PATHS } from '#shared/paths';
import { ApiError, errorMessage } from '#browser/api';
import { checkoutOptions } from '#browser/checkout';
import { $auth, checkSession } from '#browser/stores/auth';
import {
  $campaign,
  $offer,
  $popularPlan,
  $prices,
  loadCampaign,
  loadOffer,
  refreshOfferWhileVisible,
  upgrade,
} from '#browser/stores/premium';
import { toast } from '#browser/stores/toast';
import CheckoutSteps from './CheckoutSteps';
import { AlreadyPremium, SignedOut } from './GuardCards';
import PremiumHeader from './PremiumHeader';
import { flowReducer, initialFlow, planOffer, readReturn, type Phase } from './premium-flow-state';
import { referrerFromQuery } from './ReferralNote';
import { Confirming, NotPaid, PaidSignIn, Unconfirmed } from './ReturnScreens';
import { Checking } from './StatusCard';
import { STEP_HEADING_ID } from './StepParts';
import SuccessScreen from './SuccessScreen';
import { isCouponRefusal, type CouponState } from './useCoupon';

const t = premium;

/**
 * /premium: the upgrade for a signed-in free user (CheckoutSteps), the states around it
 * (GuardCards) and the way back from a payment page (ReturnScreens). What changes lives in one
 * reducer (premium-flow-state.ts); this file loads what the screen needs and chooses the screen.
 */
export default function PremiumFlow({ logo }: { logo?: ReactNode }) {
  const auth = useStore($auth);
  const offer = useStore($offer);
  const campaign = useStore($campaign);
  const prices = useStore($prices);
  const popularPlan = useStore($popularPlan);
  const [returned] = useState(readReturn);
  const [state, dispatch] = useReducer(flowReducer, returned, initialFlow);
  const { phase, step, plan } = state;
  const firstStep = useRef(true);
  // A member's «Verv en venn» link (/premium?verv=…): its discount, each plan's, as the server gives it.
  const [referrer] = useState(referrerFromQuery);
  const [referral, setReferral] = useState<Record<Plan, number | null> | null>(null);
  useEffect(() => {
    if (referrer)
      void checkoutOptions().then(
        (o) => setReferral(o.referralOffer),
        () => setReferral(null),
      );
  }, [referrer]);

  useEffect(() => {
    // The return status is read once; a reload must not repeat it.
    if (returned.status) window.history.replaceState(null, '', PATHS.premium);
    void loadCampaign();
    void checkSession().then((s) => {
      if (s.status === 'authenticated') void loadOffer();
    });
  }, [returned.status]);

  const free = offer.status === 'ready' && !offer.data.isPremium;
  useEffect(() => (phase === 'flow' && free ? refreshOfferWhileVisible() : undefined), [phase, free]);

  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.getElementById(STEP_HEADING_ID)?.focus({ preventScroll: true });
  }, [step]);

  const setPhase = useCallback((next: Phase) => dispatch({ type: 'phase', phase: next }), []);
  const data = offer.status === 'ready' ? offer.data : null;
  // A link's discount replaces every other offer (planOffer); a member's own link gives them none.
  const linkOffer = auth.user?.id === referrer ? null : referral;
  const offerFor = (p: Plan) => planOffer(p, prices, campaign, data, state.trialDeclined, linkOffer);

  async function pay(withdrawalConsent: boolean, buyer: { company: string; orgNumber: string } | undefined, coupon: CouponState) {
    if (state.processing) return;
    dispatch({ type: 'paying' });
    try {
      const chosen = state.provider ?? undefined;
      const { applied } = coupon;
      const offered = offerFor(plan);
      // A code's price replaces the offer's and its trial, as the summary showed.
      const price = applied ? { amount: applied.price, code: applied.code } : offered.price;
      const trialDays = applied ? undefined : offered.trial?.days;
      const result = await upgrade(plan, price, withdrawalConsent, chosen, buyer, trialDays, referrer);
      // To the provider's page; the button stays busy until the browser has left.
      if (result.status === 'redirect') window.location.assign(result.url);
      else setPhase('success');
    } catch (err) {
      // This user may not use the code (used it before, not a new member): the field says why, the price is back.
      if (isCouponRefusal(err)) coupon.refuse(err.message);
      else toast({ title: t.error.title, description: errorMessage(err, t.error.fallback), variant: 'destructive' });
      // Had Premium before: the screen shows the purchase without the trial, and nothing was charged.
      if (err instanceof ApiError && err.code === 'trial_unavailable') dispatch({ type: 'trialDeclined' });
      // The admin changed the trial since the screen loaded: show its terms now.
      if (err instanceof ApiError && err.code === 'trial_changed') void loadOffer();
      dispatch({ type: 'payFailed' });
    }
  }

  const live = phase === 'flow' && data !== null && !data.isPremium && campaign !== null;
  // Only the end of a real, lower price (a campaign's end or the welcome offer's), as the server gives it.
  const countdown =
    live && offer.status === 'ready' && offer.deadline !== null && data.offer
      ? { deadline: offer.deadline, endsAt: data.offer.endsAt }
      : null;
  const deadline = countdown?.deadline ?? null;
  useEffect(() => {
    if (deadline === null) return;
    // When the offer ends, the screen shows (and the upgrade sends) the list price at once.
    const id = window.setTimeout(() => void Promise.all([loadCampaign(), loadOffer()]), Math.max(0, deadline - Date.now()) + 500);
    return () => {
      window.clearTimeout(id);
      // The offer's refresh may see the end first and drop the countdown: the campaign is read again all the same.
      if (Date.now() >= deadline) void loadCampaign();
    };
  }, [deadline]);
  const spotsLeft = live && campaign.urgencyType === 'limited_spots' ? data.spotsLeft : undefined;

  function screen() {
    if (auth.status === 'loading') return <Checking text={t.guard.checkingAuth} />;
    // Back from a payment page after buying from the pricing page with an address that has an
    // account: nobody is signed in, and the payment's id is enough to follow it.
    if (auth.status === 'anonymous' && (phase === 'flow' || !returned.paymentId)) return <SignedOut />;
    if (phase === 'success') return auth.status === 'anonymous' ? <PaidSignIn /> : <SuccessScreen />;
    if (phase === 'confirming') return <Confirming paymentId={returned.paymentId} onDone={setPhase} />;
    if (phase === 'unconfirmed') return <Unconfirmed onCheckAgain={() => setPhase('confirming')} />;
    if (phase === 'failed' || phase === 'expired') return <NotPaid why={phase} onRetry={() => dispatch({ type: 'retry' })} />;
    if (offer.status === 'loading' || campaign === null) return <Checking text={t.guard.checkingPremium} />;
    if (data?.isPremium) return <AlreadyPremium />;
    return (
      <CheckoutSteps
        state={state}
        dispatch={dispatch}
        data={data}
        campaign={campaign}
        prices={prices}
        popularPlan={popularPlan}
        countdown={countdown}
        cancelled={returned.status === 'cancel'}
        offerFor={offerFor}
        onPay={pay}
      />
    );
  }

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 to-paper">
      <PremiumHeader logo={logo} countdown={countdown} spotsLeft={spotsLeft} />
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        {screen()}
      </main>
    </div>
  );
}
