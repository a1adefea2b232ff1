/** A progress bar (0–100, capped) with an accessible name; its visible label is the caller's. */
export default function ProgressBar({ value, label, className = '' }: { value: number; label: string; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`h-2.5 w-full overflow-hidden rounded-full bg-stone-200 ${className}`}
    >
      <div
        className={`h-full rounded-full motion-safe:transition-[width] motion-safe:duration-500 ${percent === 100 ? 'bg-emerald-600' : 'bg-brand-600'}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
