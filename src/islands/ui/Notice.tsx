import type { ReactNode } from 'react';
import Outcome from './Outcome';

/** A whole-screen message (not found, locked, failed to load) with its way out. */
export default function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Outcome
      icon={icon}
      title={title}
      heading="h1"
      className="card mx-auto mt-8 max-w-lg space-y-4 p-8 text-center"
      iconClassName="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700"
    >
      {children}
    </Outcome>
  );
}
