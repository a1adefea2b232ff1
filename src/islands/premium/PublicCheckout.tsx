import { useEffect, useId, useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { PLANS, PRICES_NOK, type Plan } from '#shared/constants';
import { checkoutPage as t, kr, pricingPage } from '#shared/copy/pricing';
import { couponField } from '#shared/copy/premium/coupon';
import { subscription } from '#shared/copy/subscriptions';
import { checkoutRequestSchema } from '#shared/schemas/premium/checkout';
import { PATHS } from '#shared/paths';
import { ApiError } from '#browser/call';
import { errorMessage } from '#browser/api';
import { buyPremium, checkoutOptions } from '#browser/checkout';
import type { PaymentProviderName } from '#db/schema/enums';
import BusinessBuyer, { businessBuyer, NO_BUSINESS_BUYER, type BusinessBuyerInput } from './BusinessBuyer';
import CouponField from './CouponField';
import PaymentChoice from './PaymentChoice';
import { PayButton, TestModeNotice } from './PayParts';
import TrialTerms from './TrialTerms';
import { trial as trialCopy } from '#shared/copy/trial';
import type { TrialOffer } from '#shared/trial';
import { ReferralNote, referrerFromQuery } from './ReferralNote';
import { isCouponRefusal, useCoupon } from './useCoupon';

const planFromQuery = (): Plan => {
  if (typeof window === 'undefined') return 'yearly';
  const asked = new URLSearchParams(window.location.search).get('plan');
  return PLANS.find((p) => p === asked) ?? 'yearly';
};

type Done = { signedIn: boolean };
type NewMemberOffer = { plan: Plan; amount: number } | null;

/**
 * Step 2 of buying from the pricing page (/priser/kasse?plan=…): the address, the withdrawal-right
 * consent (angrerettloven § 22 n, the signed-in checkout's text) and the way to pay, in the signed-in
 * wizard's order, with a discount code («Rabattkode», also from ?kode=…) whose price replaces
 * every other offer's. A new address's buyer goes on to the guide signed in; an address that already
 * has an account is upgraded, and its owner signs in with the link that was mailed.
 */
export default function PublicCheckout() {
  const [plan] = useState(planFromQuery);
  const [providers, setProviders] = useState<PaymentProviderName[]>([]);
  const [testMode, setTestMode] = useState(false);
  const [provider, setProvider] = useState<PaymentProviderName | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  const [offer, setOffer] = useState<NewMemberOffer>(null);
  const [referrer] = useState(referrerFromQuery);
  const [referralOffer, setReferralOffer] = useState<Record<Plan, number | null> | null>(null);
  // The server answered that this address pays the other price (an older account has no welcome offer).
  const [offerDeclined, setOfferDeclined] = useState(false);
  const [business, setBusiness] = useState<BusinessBuyerInput>(NO_BUSINESS_BUYER);
  const [businessErrors, setBusinessErrors] = useState<{ company?: string; orgNumber?: string }>({});
  const coupon = useCoupon(plan, t.error);
  const { applied } = coupon;
  // A member's link: its discount replaces the welcome offer, and a typed code wins over it
  // (discounts never stack), as the server charges.
  const referralPrice = referrer && !applied ? (referralOffer?.[plan] ?? null) : null;
  // A free trial for new members (0060); declined by the server for an address that had Premium,
  // and not with a code or a link's discount (their price is the buyer's offer instead of the trial).
  const [trialOffer, setTrialOffer] = useState<TrialOffer | null>(null);
  const [trialDeclined, setTrialDeclined] = useState(false);
  const trial = trialDeclined || applied || referralPrice !== null ? null : trialOffer;
  const welcome = offer?.plan === plan && !trial ? offer.amount : null;
  const price = applied ? applied.price : (referralPrice ?? (welcome !== null && !offerDeclined ? welcome : PRICES_NOK[plan]));
  const emailId = useId();
  const consentId = useId();
  const errorId = useId();

  useEffect(() => {
    void checkoutOptions().then(
      (o) => {
        setProviders(o.providers);
        setTestMode(o.testMode);
        setProvider(o.providers[0] ?? null);
        setOffer(o.newMemberOffer);
        setTrialOffer(o.trial);
        setReferralOffer(o.referralOffer);
      },
      () => setError(t.error),
    );
  }, []);

  async function pay(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (processing) return;
    // A code typed but not tried: show its price first, and pay only what was shown.
    if (coupon.unapplied) {
      void coupon.apply();
      return;
    }
    // Read from the form itself: what was typed before the island woke up counts too.
    const form = new FormData(e.currentTarget);
    const consent = form.get('consent') === 'on';
    const { buyer, errors } = businessBuyer(business);
    setBusinessErrors(errors ?? {});
    if (errors) return;
    const parsed = checkoutRequestSchema.safeParse({
      email: form.get('email'),
      plan,
      withdrawalConsent: consent,
      provider: provider ?? undefined,
      price,
      referrer,
      code: applied?.code,
      buyer,
      ...(trial ? { trialDays: trial.days } : {}),
    });
    if (!parsed.success || !consent) {
      setError(parsed.success ? subscription.confirm.consentRequired : (parsed.error.issues[0]?.message ?? t.error));
      return;
    }
    setError(null);
    setProcessing(true);
    try {
      const result = await buyPremium(parsed.data);
      // To the provider's page; the button stays busy until the browser has left.
      if (result.status === 'redirect') window.location.assign(result.url);
      else {
        setDone({ signedIn: result.signedIn });
        setProcessing(false);
      }
    } catch (err) {
      setProcessing(false);
      // This address may not use the code (used it before, not a new member): the field says so, the price is back.
      if (isCouponRefusal(err)) {
        coupon.refuse(err.message);
        return;
      }
      if (err instanceof ApiError && err.code === 'price_mismatch' && welcome !== null && !applied) setOfferDeclined((d) => !d);
      // Had Premium before: the page shows the purchase without the trial, and nothing was charged.
      if (err instanceof ApiError && err.code === 'trial_unavailable') setTrialDeclined(true);
      setError(errorMessage(err, t.error));
    }
  }

  if (done) {
    return (
      <div className="card p-6 sm:p-8" role="status">
        <h2 className="text-2xl font-extrabold">{t.paidTitle}</h2>
        <p className="mt-3 text-muted">{done.signedIn ? t.paidSignedIn : t.paidExisting}</p>
        <a className="btn-primary mt-6 w-full" href={done.signedIn ? PATHS.guide : PATHS.login}>
          {done.signedIn ? t.toGuide : t.toLogin}
        </a>
      </div>
    );
  }

  const chosen = provider ?? 'test';
  const { per } = pricingPage.plans[plan];
  return (
    <form className="card p-6 sm:p-8" onSubmit={pay} noValidate aria-describedby={error ? errorId : undefined}>
      <p className="text-lg font-bold" data-testid="checkout-summary">
        {applied
          ? couponField.summary(pricingPage.plans[plan].name, kr(price), kr(applied.renewalPrice), plan, applied.periods)
          : price !== PRICES_NOK[plan]
            ? t.welcomeSummary(pricingPage.plans[plan].name, price, PRICES_NOK[plan], t.firstPeriod[plan], per)
            : t.summary(pricingPage.plans[plan].name, pricingPage.plans[plan].price, per)}
      </p>
      {referralPrice !== null ? (
        <ReferralNote saving={PRICES_NOK[plan] - referralPrice} />
      ) : (
        !applied && price !== PRICES_NOK[plan] && <p className="mt-1 text-sm text-muted">{t.welcomeNote}</p>
      )}
      <p className="mt-1 text-sm">
        <a className="font-semibold text-brand-800 underline underline-offset-4" href={PATHS.pricing}>
          {t.changePlan}
        </a>
      </p>
      {trial && <TrialTerms trial={trial} plan={plan} />}
      <p className="mt-3 text-sm text-muted">
        {/* A lower first price says what it renews at; «til samme pris» would not be true. */}
        {price === PRICES_NOK[plan] ? pricingPage.renewal : pricingPage.renewalAfterOffer(kr(PRICES_NOK[plan]), per)}{' '}
        {pricingPage.cancellation}
      </p>

      <label htmlFor={emailId} className="mt-6 block font-semibold">
        {t.emailLabel}
      </label>
      <input id={emailId} name="email" type="email" autoComplete="email" required className="input mt-2 w-full" />

      <CouponField coupon={coupon} format={kr} />
      {applied && trialOffer && !trialDeclined && <p className="mt-2 text-sm text-muted">{trialCopy.notWithCode}</p>}

      {testMode && <TestModeNotice />}

      {providers.length > 1 && <PaymentChoice providers={providers} value={chosen} onChange={setProvider} />}

      <BusinessBuyer value={business} errors={businessErrors} onChange={setBusiness} />

      <div className="mt-6 flex items-start gap-3 rounded-2xl border border-stone-300 bg-white p-4 text-sm">
        <input id={consentId} type="checkbox" name="consent" className="mt-0.5 size-5 shrink-0 accent-orange-700" required />
        <label htmlFor={consentId}>{subscription.confirm.consent}</label>
      </div>

      {error && (
        <p id={errorId} role="alert" className="mt-4 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}

      <PayButton
        provider={chosen}
        processing={processing}
        busyLabel={t.paying}
        label={trial ? trialCopy.start : `${t.pay} ${kr(price)}`}
        startsTrial={trial !== null}
      />
      <p className="mt-4 flex gap-3 rounded-2xl bg-green-50 p-4 text-sm text-green-900">
        <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
        <span>
          <strong className="block">{pricingPage.guaranteeTitle}</strong>
          {pricingPage.guaranteeText}
        </span>
      </p>
    </form>
  );
}
