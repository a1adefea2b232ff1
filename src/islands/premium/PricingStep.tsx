import type { ReactNode } from 'react';
import { BadgeCheck, Star } from 'lucide-react';
import { MONTHLY_AS_YEAR_NOK, PRICES_NOK, YEARLY_ORIGINAL_NOK, type Plan } from '#shared/constants';
import { nb } from '#shared/copy/nb';
import type { Testimonial } from '#shared/schemas/premium';
import { CheckList, StepIntro, StepNav } from './StepParts';

const t = nb.premium.pricing;

type Props = { plan: Plan; onPlan: (plan: Plan) => void; testimonials: Testimonial[]; onBack: () => void; onNext: () => void };

/** Step 2 'Velg Din Plan': the monthly/yearly toggle, both plans (yearly preselected), testimonials. */
export default function PricingStep({ plan, onPlan, testimonials, onBack, onNext }: Props) {
  return (
    <section>
      <StepIntro title={t.title} intro={t.intro} />

      <div role="group" aria-label={t.periodLabel} className="mx-auto mt-8 flex w-fit rounded-2xl bg-stone-200/70 p-1">
        {(['monthly', 'yearly'] as const).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={plan === p}
            onClick={() => onPlan(p)}
            className={`inline-flex min-h-11 items-center gap-2 rounded-xl px-5 text-sm font-semibold ${plan === p ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'}`}
          >
            {t[p]}
            {p === 'yearly' && (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-800">{t.yearlyBadge}</span>
            )}
          </button>
        ))}
      </div>

      <fieldset className="mt-8 grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t.title}</legend>
        <PlanCard plan="monthly" selected={plan === 'monthly'} onSelect={onPlan}>
          <p className="mt-3">
            <span className="text-4xl font-extrabold">{PRICES_NOK.monthly}</span>{' '}
            <span className="font-semibold text-muted">{t.perMonth}</span>
          </p>
          <p className="mt-1 text-sm text-muted">
            {t.monthlyTimesTwelve(PRICES_NOK.monthly)} <s>{t.monthlyYearTotal(MONTHLY_AS_YEAR_NOK)}</s> {t.inAYear}
          </p>
          <CheckList items={t.monthlyPoints} className="mt-5" />
        </PlanCard>
        <PlanCard plan="yearly" selected={plan === 'yearly'} onSelect={onPlan} ribbon={t.mostPopular}>
          <p className="mt-3">
            <s className="mr-2 text-lg text-muted">
              <span className="sr-only">{t.originalPrice(YEARLY_ORIGINAL_NOK)}</span>
              <span aria-hidden="true">{YEARLY_ORIGINAL_NOK}</span>
            </s>
            <span className="text-4xl font-extrabold">{PRICES_NOK.yearly}</span>{' '}
            <span className="font-semibold text-muted">{t.perYear}</span>
          </p>
          <p className="mt-2 inline-block rounded-full bg-green-100 px-3 py-1 text-sm font-bold text-green-800">
            {t.youSave(YEARLY_ORIGINAL_NOK - PRICES_NOK.yearly)}
          </p>
          <CheckList items={t.yearlyPoints} className="mt-5" />
        </PlanCard>
      </fieldset>

      <h2 className="mt-12 text-center text-xl font-bold">{t.testimonialsTitle}</h2>
      <ul className="mt-5 grid gap-4 md:grid-cols-3">
        {testimonials.map((item) => (
          <li key={item.name}>
            <TestimonialCard item={item} />
          </li>
        ))}
      </ul>

      <StepNav back={t.back} next={t.next} onBack={onBack} onNext={onNext} />
    </section>
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
