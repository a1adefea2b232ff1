import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  brand: 'bg-brand-100 text-brand-800',
  amber: 'bg-amber-100 text-amber-900',
  green: 'bg-green-100 text-green-800',
  neutral: 'bg-stone-100 text-stone-700',
  purple: 'bg-purple-100 text-purple-800',
} as const;

/** A small label chip (Premium, Aktiv, Animert …), optionally with an icon. */
export function Badge({
  tone = 'neutral',
  icon: Icon,
  children,
}: {
  tone?: keyof typeof TONES;
  icon?: LucideIcon;
  children: ReactNode;
}) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-bold ${TONES[tone]}`}>
      {Icon && <Icon aria-hidden="true" className="size-3.5" />}
      {children}
    </span>
  );
}
