import type { SyntheticEvent } from 'react';
import { faq } from '#shared/copy/landing';
import { trackEvent } from '#browser/analytics';

/** A question with its category; the landing's own, unless a page (the pricing page) passes its own. */
type FaqItem = { category: string; question: string; answer: string };

function onToggle(e: SyntheticEvent<HTMLDetailsElement>, question: string) {
  if (e.currentTarget.open) trackEvent({ eventName: 'faq_open', eventProps: { question } });
}

/**
 * The FAQ's questions. `<details name="faq">` keeps one question open at a time in the browser
 * itself, with or without this island; hydrated, it records which questions are opened.
 * `open` stays uncontrolled, so React never fights the browser over it.
 */
export default function Faq({ items = faq.items }: { items?: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-stone-200 rounded-2xl border border-stone-200">
      {items.map((item) => (
        <details key={item.question} name="faq" className="group px-5 open:bg-paper" onToggle={(e) => onToggle(e, item.question)}>
          <summary className="flex min-h-14 cursor-pointer list-none items-center gap-4 py-4 font-semibold [&::-webkit-details-marker]:hidden">
            <span className="flex-1">
              <span className="mb-1 block text-xs font-bold tracking-wider text-brand-700 uppercase">{item.category}</span>
              {item.question}
            </span>
            <span aria-hidden="true" className="text-2xl text-brand-700 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="pb-5 text-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
