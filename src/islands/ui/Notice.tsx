import { useEffect, useRef, type ReactNode } from 'react';

/** A whole-screen message (not found, locked, failed to load) with its way out; its heading takes focus. */
export default function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card mx-auto mt-8 max-w-lg space-y-4 p-8 text-center">
      <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700" aria-hidden="true">
        {icon}
      </div>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}
