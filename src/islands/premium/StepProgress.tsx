import { Check } from 'lucide-react';
import { premium } from '#shared/copy/premium';

const t = premium;

/** The four steps (Velkommen, Funksjoner, Prising, Bekreft) with a bar filled to the current one. */
export default function StepProgress({ step }: { step: number }) {
  const last = t.steps.length - 1;
  return (
    <div className="mb-8">
      <div className="mb-3 h-2 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-700 motion-safe:transition-[width] motion-safe:duration-500"
          style={{ width: `${(step / last) * 100}%` }}
        />
      </div>
      <ol aria-label={t.progressLabel} className="grid grid-cols-4 gap-1 text-center text-xs font-semibold sm:text-sm">
        {t.steps.map((label, i) => (
          <li key={label} aria-current={i === step ? 'step' : undefined} className="flex flex-col items-center gap-1.5">
            <span
              className={`flex size-7 items-center justify-center rounded-full text-xs ${
                i < step ? 'bg-brand-700 text-white' : i === step ? 'bg-ink text-white' : 'bg-stone-200 text-muted'
              }`}
              aria-hidden="true"
            >
              {i < step ? <Check className="size-4" /> : i + 1}
            </span>
            <span className={i === step ? 'text-ink' : 'text-muted'}>
              {label}
              {i < step && <span className="sr-only"> {t.stepDone}</span>}
              {i === step && <span className="sr-only"> {t.stepCurrent}</span>}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
