import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { premium } from '#shared/copy/premium';
import type { CampaignFeature } from '#shared/schemas/premium';
import { CheckList, StepIntro, StepNav } from './StepParts';

const t = premium.features;

/** Step 1: the campaign's features as cards that open to show their benefits. */
export default function FeaturesStep({
  features,
  onBack,
  onNext,
}: {
  features: CampaignFeature[];
  onBack: () => void;
  onNext: () => void;
}) {
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section>
      <StepIntro title={t.title} intro={t.intro} />
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {features.map((feature, i) => (
          <li key={feature.title}>
            <FeatureCard feature={feature} open={open === i} onToggle={() => setOpen(open === i ? null : i)} />
          </li>
        ))}
      </ul>
      <StepNav back={t.back} next={t.next} onBack={onBack} onNext={onNext} />
    </section>
  );
}

function FeatureCard({ feature, open, onToggle }: { feature: CampaignFeature; open: boolean; onToggle: () => void }) {
  const panelId = useId();
  const benefits = feature.benefits ?? [];
  const card = `h-full rounded-2xl border bg-white p-5 text-left shadow-sm ${open ? 'border-brand-600 ring-2 ring-brand-200' : 'border-stone-200'}`;
  const head = (
    <span className="flex items-start gap-4">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-2xl" aria-hidden="true">
        {feature.icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-lg font-bold">{feature.title}</span>
        <span className="mt-1 block text-muted">{feature.description}</span>
      </span>
      {benefits.length > 0 && (
        <ChevronDown
          className={`mt-1 size-5 shrink-0 text-muted motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      )}
    </span>
  );
  if (benefits.length === 0) return <div className={card}>{head}</div>;
  return (
    <div className={card}>
      <h2>
        <button
          type="button"
          className="-m-2 block w-[calc(100%+1rem)] rounded-xl p-2 text-left"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          {head}
        </button>
      </h2>
      <CheckList id={panelId} hidden={!open} items={benefits} className="mt-4 border-t border-stone-100 pt-4" />
    </div>
  );
}
