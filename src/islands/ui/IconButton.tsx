import type { LucideIcon } from 'lucide-react';

/** A square button showing only an icon; `label` is its accessible name (and tooltip). */
export function IconButton({
  label,
  icon: Icon,
  onClick,
  danger = false,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-muted hover:bg-stone-100 ${
        danger ? 'hover:text-red-700' : 'hover:text-ink'
      }`}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
