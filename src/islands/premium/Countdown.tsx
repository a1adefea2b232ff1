import { useStore } from '@nanostores/react';
import { premium } from '#shared/copy/premium';
import { $clock, timeLeftAt } from '#browser/stores/premium';

const t = premium.countdown;

/**
 * Time left to the offer's stored deadline, ticking every second down to zero. `endsAt` (the
 * server's deadline) is on the element so tests can see it is the same after a reload.
 */
export default function Countdown({ deadline, endsAt, className }: { deadline: number; endsAt: string; className?: string }) {
  const left = timeLeftAt(deadline, useStore($clock));
  return (
    <span role="timer" data-ends-at={endsAt} className={`tabular-nums ${className ?? ''}`}>
      <span aria-hidden="true">{t.short(left)}</span>
      <span className="sr-only">{t.spoken(left)}</span>
    </span>
  );
}
