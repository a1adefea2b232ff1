import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Tabs in the WAI-ARIA pattern: one tab stop for the tab list, arrow keys (and Home/End) move
 * between tabs and select them, the panel follows in the tab order.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  active,
  onChange,
  children,
}: {
  label: string;
  tabs: readonly { id: K; label: string }[];
  active: K;
  onChange: (id: K) => void;
  children: ReactNode;
}) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: K) => `${base}-tab-${id}`;

  function onKeyDown(e: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    onChange(target.id);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target.id))}`)?.focus();
  }

  return (
    <div>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-stone-200"
      >
        {tabs.map((t) => (
          <button
            key={t.id}
            id={tabId(t.id)}
            type="button"
            role="tab"
            aria-selected={t.id === active}
            aria-controls={`${base}-panel`}
            tabIndex={t.id === active ? 0 : -1}
            onClick={() => onChange(t.id)}
            className={`-mb-px min-h-11 shrink-0 border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 sm:text-base ${
              t.id === active ? 'border-brand-700 text-brand-800' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        id={`${base}-panel`}
        role="tabpanel"
        aria-labelledby={tabId(active)}
        tabIndex={0}
        className="pt-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {children}
      </div>
    </div>
  );
}
