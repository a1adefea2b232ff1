import { useId, type ReactNode } from 'react';

/** One titled card of the profile page. */
export function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card space-y-4">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
        <span className="text-brand-700" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
