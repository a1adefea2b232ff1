import type { ReactNode } from 'react';

/**
 * The heading of an admin section. It takes focus when the admin switches section, so a
 * screen reader announces where they are (AdminDashboard moves focus to `#main h1`).
 */
export function SectionHeader({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          {title}
        </h1>
        {intro && <p className="mt-1 text-muted">{intro}</p>}
      </div>
      {actions}
    </header>
  );
}
