import { ArrowLeft } from 'lucide-react';

const LOOK = 'mb-4 inline-flex min-h-11 items-center gap-2 font-medium text-brand-700 underline-offset-2 hover:underline';

/**
 * The way back at the top of an admin page: a link to another page (`href`), or a button that
 * leaves a view inside the page (`onClick`), looking the same.
 */
export function BackLink({ label, ...to }: { label: string } & ({ href: string } | { onClick: () => void })) {
  const content = (
    <>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {label}
    </>
  );
  return 'href' in to ? (
    <a href={to.href} className={LOOK}>
      {content}
    </a>
  ) : (
    <button type="button" onClick={to.onClick} className={LOOK}>
      {content}
    </button>
  );
}
