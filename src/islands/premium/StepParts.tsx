import type { ReactNode } from 'react';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';

/** The id of the visible step's heading: focus moves there when the step changes. */
export const STEP_HEADING_ID = 'premium-step-heading';

export function StepHeading({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <h1
      id={STEP_HEADING_ID}
      tabIndex={-1}
      className={`text-3xl font-extrabold tracking-tight outline-none sm:text-4xl ${className}`}
    >
      {children}
    </h1>
  );
}

/** A step's centred heading (where focus lands) and its one-line introduction. */
export function StepIntro({ title, intro }: { title: string; intro: string }) {
  return (
    <div className="text-center">
      <StepHeading>{title}</StepHeading>
      <p className="mt-3 text-muted">{intro}</p>
    </div>
  );
}

/** 'Tilbake' and the step's way forward, side by side (stacked, forward first, on a phone). */
export function StepNav({ back, next, onBack, onNext }: { back: string; next: string; onBack: () => void; onNext: () => void }) {
  return (
    <div className="mt-10 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <button type="button" className="btn-secondary" onClick={onBack}>
        <ArrowLeft className="size-5" aria-hidden="true" />
        {back}
      </button>
      <button type="button" className="btn-primary" onClick={onNext}>
        {next}
        <ArrowRight className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

/** A list of what is included, each with a green check. */
export function CheckList({
  items,
  id,
  hidden,
  className = '',
}: {
  items: readonly string[];
  id?: string;
  hidden?: boolean;
  className?: string;
}) {
  return (
    <ul id={id} hidden={hidden} className={`space-y-2 text-sm ${className}`}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}
