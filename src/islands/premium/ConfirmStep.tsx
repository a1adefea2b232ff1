import { useId, useState } from 'react';
import { RefreshCw, ShieldCheck, Timer } from 'lucide-react';
import type { Plan } from '#shared/constants';
import { premium } from '#shared/copy/premium';
import { couponField } from '#shared/copy/premium/coupon';
import { subscription } from '#shared/copy/subscriptions';
import { discountPercent, type FirstPeriod } from '#shared/pricing';
import { renewalDate } from '#shared/renewal';
import type { PaymentProviderName } from '#db/schema/enums';
import BusinessBuyer, { businessBuyer, NO_BUSINESS_BUYER, type BusinessBuyerInput } from './BusinessBuyer';
import Countdown from './Countdown';
import CouponField from './CouponField';
import PaymentChoice from './PaymentChoice';
import { PayButton, TestModeNotice } from './PayParts';
import { StepIntro } from './StepParts';
import { useCoupon, type CouponState } from './useCoupon';

const t = premium.confirm;
const s = subscription.confirm;

type Props = {
  plan: Plan;
  /** What the first period costs (PricingStep showed the same), and the true price it is reduced from, if any. */
  price: FirstPeriod;
  /** The countdown bar, for countdown campaigns with a running offer. */
  countdown: { deadline: number; endsAt: string } | null;
  testMode: boolean;
  /** The ways to pay the checkout offers (a choice is shown for more than one), and the one chosen. */
  providers: PaymentProviderName[];
  provider: PaymentProviderName;
  onProvider: (provider: PaymentProviderName) => void;
  processing: boolean;
  /**
   * Pays, with the buyer's consent to immediate delivery (the button is enabled only once it is
   * given), as a business when one is given, with the discount code the summary shows, if any.
   */
  onPay: (withdrawalConsent: boolean, buyer: { company: string; orgNumber: string } | undefined, coupon: CouponState) => void;
  /** Now, for the renewal date the summary names (a prop, so the screen and its tests agree on the day). */
  now?: number;
};

/**
 * Step 3 'Nesten ferdig!': the order summary, exactly what happens (it renews, on which date, how
 * to cancel, the refund rule), a discount code («Rabattkode»: its price replaces the offer's, said in
 * full before paying), the withdrawal-right consent angrerettloven § 22 n asks for, and the
 * payment button. No way back from here but the header.
 */
export default function ConfirmStep({
  plan,
  price,
  countdown,
  testMode,
  providers,
  provider,
  onProvider,
  processing,
  onPay,
  now = Date.now(),
}: Props) {
  const [consent, setConsent] = useState(false);
  const [business, setBusiness] = useState<BusinessBuyerInput>(NO_BUSINESS_BUYER);
  const [businessErrors, setBusinessErrors] = useState<{ company?: string; orgNumber?: string }>({});
  const consentId = useId();
  const coupon = useCoupon(plan, premium.error.fallback);
  const { applied } = coupon;
  function pay() {
    // A code typed but not tried: show its price first, and pay only what was shown.
    if (coupon.unapplied) {
      void coupon.apply();
      return;
    }
    const { buyer, errors } = businessBuyer(business);
    setBusinessErrors(errors ?? {});
    if (!errors) onPay(consent, buyer, coupon);
  }
  const total = applied?.price ?? price.amount;
  // A campaign's price is for the first period; renewals are at the list price.
  const renewal = price.renewal ?? total;
  const firstRenewal = renewalDate(plan, now).toISOString();
  return (
    <section className="mx-auto max-w-xl">
      <StepIntro title={t.title} intro={t.intro} />

      {countdown && (
        <p className="mt-6 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 rounded-2xl bg-red-700 px-4 py-3 text-center font-semibold text-white">
          <Timer className="size-5" aria-hidden="true" />
          {t.countdown}
          <Countdown {...countdown} className="text-lg font-extrabold" />
        </p>
      )}

      <section aria-labelledby="order-summary" className="mt-6 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm">
        <h2 id="order-summary" className="text-lg font-bold">
          {t.summaryTitle}
        </h2>
        <dl className="mt-4 space-y-3">
          <Row term={t.plan} value={premium.planNames[plan]} />
          {applied ? (
            <>
              <Row term={t.price} value={t.amount(applied.listPrice)} />
              <Row term={couponField.row(applied.code)} value={t.deduction(applied.saving)} valueClass="text-green-800" />
            </>
          ) : (
            price.before !== null && (
              <>
                <Row term={t.price} value={t.amount(price.before)} />
                <Row
                  term={t.discount(discountPercent(price.before, total))}
                  value={t.deduction(price.before - total)}
                  valueClass="text-green-800"
                />
              </>
            )
          )}
          <div className="flex items-baseline justify-between gap-4 border-t border-stone-200 pt-3 text-lg font-extrabold">
            <dt>{t.total}</dt>
            <dd>{t.amount(total)}</dd>
          </div>
        </dl>
        {price.renewal !== null && !applied && (
          <p className="mt-3 text-sm text-muted">{premium.pricing.renewal(price.renewal, premium.pricing.periodWord[plan])}</p>
        )}
        <div className="mt-4 flex gap-3 rounded-2xl bg-stone-50 p-4 text-sm text-stone-800" data-testid="renewal-terms">
          <RefreshCw className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            {s.firstPeriod(plan)}{' '}
            {applied
              ? couponField.renews(
                  plan,
                  t.amount(applied.price),
                  t.amount(applied.renewalPrice),
                  firstRenewal,
                  renewalDate(plan, now, applied.periods).toISOString(),
                  applied.periods,
                )
              : s.renews(plan, t.amount(renewal), firstRenewal)}{' '}
            {s.howToCancel}
          </p>
        </div>
      </section>

      <CouponField coupon={coupon} format={t.amount} />

      <div className="mt-4 flex gap-3 rounded-2xl bg-green-50 p-4 text-sm text-green-900">
        <ShieldCheck className="size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong className="block">{t.guaranteeTitle}</strong>
          {t.guaranteeText}
        </p>
      </div>

      {testMode && <TestModeNotice />}

      {providers.length > 1 && <PaymentChoice providers={providers} value={provider} onChange={onProvider} />}

      <BusinessBuyer value={business} errors={businessErrors} onChange={setBusiness} />

      <div className="mt-6 flex items-start gap-3 rounded-2xl border border-stone-300 bg-white p-4 text-sm">
        <input
          id={consentId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-orange-700"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
          required
          aria-describedby={consent ? undefined : `${consentId}-hint`}
        />
        <label htmlFor={consentId}>{s.consent}</label>
      </div>
      {!consent && (
        <p id={`${consentId}-hint`} className="mt-2 text-sm text-muted">
          {s.consentRequired}
        </p>
      )}

      <PayButton
        provider={provider}
        processing={processing}
        busyLabel={t.processing}
        label={t.pay}
        disabled={!consent}
        onClick={pay}
      />
    </section>
  );
}

function Row({ term, value, valueClass = '' }: { term: string; value: string; valueClass?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className={`font-semibold ${valueClass}`}>{value}</dd>
    </div>
  );
}
