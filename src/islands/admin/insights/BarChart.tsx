import { useId } from 'react';

/** One series of bars: its name (the legend) and a value per label. */
export type Series = { name: string; values: readonly number[] };

/** The drawing's own units: a wide chart for a card's width, a small one for a grid of several. */
const SIZES = {
  wide: { width: 640, height: 220, minWidth: 'min-w-[32rem]' },
  small: { width: 360, height: 200, minWidth: 'min-w-[18rem]' },
} as const;
/** Room for the axis's labels, '1 000 000 kr' at most. */
const LEFT = 92;
const BOTTOM = 28;
const TOP = 12;
/** Fills with at least 3:1 against the white card (WCAG 1.4.11), told apart by shade and by the legend. */
const FILLS = ['fill-brand-700', 'fill-stone-500'] as const;
const SWATCHES = ['bg-brand-700', 'bg-stone-500'] as const;

/** A round number at or above `max` for the axis's top, whose half is whole too (2, 4, 6, 8 or 10 times a power of ten). */
function niceCeiling(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  const steps = power === 1 ? [2, 4, 6, 8, 10] : [1, 2, 4, 6, 8, 10];
  return steps.map((m) => m * power).find((v) => v >= max) ?? 10 * power;
}

/**
 * A bar chart drawn as SVG (one or two series, grouped), for Innsikt. To assistive technology it
 * is one image, named by its title and described by `summary`; the numbers themselves are in
 * the table beside it (ChartCard). A wide one is wider than a phone: it scrolls sideways inside its region.
 */
export function BarChart({
  title,
  summary,
  labels,
  series,
  formatValue,
  size = 'wide',
}: {
  size?: keyof typeof SIZES;
  title: string;
  summary: string;
  labels: readonly string[];
  series: readonly Series[];
  formatValue: (n: number) => string;
}) {
  const id = useId();
  const { width: WIDTH, height: HEIGHT, minWidth } = SIZES[size];
  const top = niceCeiling(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, labels.length);
  const bar = (slot * 0.7) / series.length;
  const y = (v: number) => TOP + plotHeight - (v / top) * plotHeight;
  // About six labels along the axis, whatever the number of bars.
  const every = Math.max(1, Math.ceil(labels.length / (size === 'wide' ? 6 : 3)));
  return (
    <div>
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className={`h-auto w-full ${minWidth} text-[12px]`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, top / 2, top].map((v) => (
          <g key={v}>
            <line x1={LEFT} x2={WIDTH} y1={y(v)} y2={y(v)} className="stroke-stone-300" strokeDasharray={v ? '3 3' : undefined} />
            <text x={LEFT - 6} y={y(v) + 4} textAnchor="end" className="fill-stone-700">
              {formatValue(v)}
            </text>
          </g>
        ))}
        {labels.map((label, i) => (
          <g key={label}>
            {series.map((s, k) => {
              const value = s.values[i] ?? 0;
              return (
                <rect
                  key={s.name}
                  x={LEFT + i * slot + slot * 0.15 + k * bar}
                  y={y(value)}
                  width={bar}
                  height={Math.max(0, TOP + plotHeight - y(value))}
                  className={FILLS[k % FILLS.length]}
                />
              );
            })}
            {i % every === 0 && (
              <text x={LEFT + i * slot + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-stone-700">
                {label}
              </text>
            )}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 text-sm" aria-hidden="true">
          {series.map((s, k) => (
            <li key={s.name} className="flex items-center gap-2">
              <span className={`inline-block size-3 rounded-sm ${SWATCHES[k % SWATCHES.length]}`} />
              {s.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
