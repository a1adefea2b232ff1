import type { ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';

/** A centred card for the states around the flow: checking, signed out, already Premium, waiting for payment. */
export function StatusCard({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto mt-6 w-full max-w-md rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:mt-12">
      <div
        className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700"
        aria-hidden="true"
      >
        {icon}
      </div>
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** A loading line with a spinner that stops for reduced motion; announced politely. */
export function Checking({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-24 text-muted">
      <LoaderCircle className="size-5 motion-safe:animate-spin" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
