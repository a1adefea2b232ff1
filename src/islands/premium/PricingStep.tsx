import type { ReactNode } from 'react';
import { BadgeCheck, Star } from 'lucide-react';
import { PLANS, type Plan } from '#shared/constants';
import { premium } from '#shared/copy/premium';
import { yearlySavingMonths, yearlySavingNok, type FirstPeriod, type PlanPrices } from '#shared/pricing';
import type { PublicCampaign, Testimonial } from '#shared/schemas/premium';
import { CheckList, StepIntro, StepNav } from './StepParts';

const t = premium.pricing;

type Props = {
  plan: Plan;
  onPlan: (plan: Plan) => void;
  /** The server's list prices and their "før" prices (GET /api/admin/campaigns/active). */
  prices: PlanPrices;
  campaign: PublicCampaign;
  /** Each plan's first period as the server charges it (firstPeriodOffer, or a member's link's discount). */
  offerOf: (plan: Plan) => FirstPeriod;
  /** The plan with the most real sales (else none is marked). */
  popularPlan: Plan | null;
  onBack: () => void;
  onNext: () => void;
};

/**
 * Step 2 'Velg din plan': the monthly/yearly toggle, both plans (yearly preselected, "Mest populær"
 * only on the plan real sales make so), and the
 * campaign's testimonials when an admin has entered real ones. Every number is computed from the
 * server's prices: the saving from 12 × monthly against yearly, a struck-through price only when
 * it is true (firstPeriodOffer), a campaign's first-period price with what it renews at.
 */
export default function PricingStep({ plan, onPlan, prices, campaign, offerOf, popularPlan, onBack, onNext }: Props) {
  const ribbon = (p: Plan) => (popularPlan === p ? t.mostPopular : undefined);
  const monthly = prices.monthly.amount;
  const yearly = prices.yearly.amount;
  const savingMonths = yearlySavingMonths(monthly, yearly);
  return (
    <section>
      <StepIntro title={t.title} intro={t.intro} />

      <div role="group" aria-label={t.periodLabel} className="mx-auto mt-8 flex w-fit rounded-2xl bg-stone-200/70 p-1">
        {PLANS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={plan === p}
            onClick={() => onPlan(p)}
            className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-5 text-sm font-semibold ${plan === p ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'}`}
          >
            {t[p]}
            {p === 'yearly' && savingMonths > 0 && (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">
                {t.yearlyBadge(savingMonths)}
              </span>
            )}
          </button>
        ))}
      </div>

      <fieldset className="mt-8 grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t.title}</legend>
        <PlanCard plan="monthly" selected={plan === 'monthly'} onSelect={onPlan} ribbon={ribbon('monthly')}>
          <PlanPrice plan="monthly" offer={offerOf('monthly')} />
          <p className="mt-1 text-sm text-muted">{t.monthlyYear(monthly)}</p>
          <CheckList items={t.monthlyPoints} className="mt-5" />
        </PlanCard>
        <PlanCard plan="yearly" selected={plan === 'yearly'} onSelect={onPlan} ribbon={ribbon('yearly')}>
          <PlanPrice plan="yearly" offer={offerOf('yearly')} />
          {savingMonths > 0 && (
            <p className="mt-2 inline-block rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">
              {t.youSave(yearlySavingNok(monthly, yearly))}
            </p>
          )}
          <CheckList
            items={savingMonths > 0 ? [t.monthsFree(savingMonths), ...t.yearlyPoints] : t.yearlyPoints}
            className="mt-5"
          />
        </PlanCard>
      </fieldset>

      {campaign.testimonials.length > 0 && (
        <>
          <h2 className="mt-12 text-center text-xl font-bold">{t.testimonialsTitle}</h2>
          <ul className="mt-5 grid gap-4 md:grid-cols-3">
            {campaign.testimonials.map((item) => (
              <li key={item.name}>
                <TestimonialCard item={item} />
              </li>
            ))}
          </ul>
        </>
      )}

      <StepNav back={t.back} next={t.next} onBack={onBack} onNext={onNext} />
    </section>
  );
}

/** The first period's price: struck through only against a true price, and a campaign's renewal said plainly. */
function PlanPrice({ plan, offer }: { plan: Plan; offer: FirstPeriod }) {
  return (
    <>
      {offer.welcome && (
        <p className="mt-3 inline-block rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">{t.welcomePrice}</p>
      )}
      <p className="mt-3" data-testid={`price-${plan}`}>
        {offer.before !== null && (
          <s className="mr-2 text-lg text-muted">
            <span className="sr-only">{t.originalPrice(offer.before)}</span>
            <span aria-hidden="true">{offer.before}</span>
          </s>
        )}
        <span className="text-4xl font-extrabold">{offer.amount}</span>{' '}
        <span className="font-semibold text-muted">{plan === 'yearly' ? t.perYear : t.perMonth}</span>
      </p>
      {offer.renewal !== null && <p className="mt-1 text-sm font-semibold">{t.renewal(offer.renewal, t.periodWord[plan])}</p>}
    </>
  );
}

function PlanCard({
  plan,
  selected,
  onSelect,
  ribbon,
  children,
}: {
  plan: Plan;
  selected: boolean;
  onSelect: (p: Plan) => void;
  ribbon?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={`relative block cursor-pointer rounded-3xl border-2 bg-white p-6 shadow-sm has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600 ${
        selected ? 'border-brand-700 ring-4 ring-brand-100' : 'border-stone-200 hover:border-stone-300'
      }`}
    >
      <input type="radio" name="plan" value={plan} checked={selected} onChange={() => onSelect(plan)} className="sr-only" />
      {ribbon && (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white shadow">
          {ribbon}
        </span>
      )}
      <span className="flex items-center justify-between gap-3">
        <span className="text-lg font-bold">{t[plan]}</span>
        {selected && (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold text-white">
            <BadgeCheck className="size-4" aria-hidden="true" />
            {t.selected}
          </span>
        )}
      </span>
      {children}
    </label>
  );
}

function TestimonialCard({ item }: { item: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      {item.rating !== undefined && (
        <p className="flex gap-0.5 text-amber-500">
          <span className="sr-only">{t.rating(item.rating)}</span>
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} className={`size-4 ${i < item.rating! ? 'fill-current' : 'text-stone-300'}`} aria-hidden="true" />
          ))}
        </p>
      )}
      <blockquote className="mt-3 flex-1 text-sm">«{item.text}»</blockquote>
      <figcaption className="mt-4 text-sm">
        <span className="block font-bold">{item.name}</span>
        <span className="block text-muted">{item.role}</span>
        {item.revenue && (
          <span className="mt-2 inline-block rounded-full bg-green-50 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            {item.revenue}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
