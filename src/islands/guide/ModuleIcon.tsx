/** A module's emoji on its colour (a gradient class from the content, e.g. `from-orange-500 to-amber-500`). */
export default function ModuleIcon({
  icon,
  color,
  size = 'size-14 text-3xl',
}: {
  icon: string | null;
  color: string | null;
  size?: string;
}) {
  return (
    <div
      aria-hidden="true"
      className={`grid shrink-0 place-items-center rounded-2xl bg-linear-to-br shadow-sm ${color ?? 'from-stone-400 to-stone-500'} ${size}`}
    >
      {icon ?? '📚'}
    </div>
  );
}
