import { nb } from '#shared/copy/nb';
import type { Campaign } from '#shared/schemas/admin-campaigns';
import { formatNumber } from '#browser/format';

const t = nb.adminCampaigns;

/**
 * The colour schemes as users see them: white text on these gradients keeps at least 4.5:1
 * contrast (the 700 shades), and the button takes the scheme's strongest colour.
 */
export const SCHEMES: Record<Campaign['colorScheme'], { gradient: string; button: string }> = {
  orange: { gradient: 'from-orange-700 to-red-700', button: 'bg-orange-700' },
  purple: { gradient: 'from-purple-700 to-fuchsia-700', button: 'bg-purple-700' },
  blue: { gradient: 'from-blue-700 to-indigo-700', button: 'bg-blue-700' },
  green: { gradient: 'from-green-700 to-emerald-800', button: 'bg-green-700' },
  custom: { gradient: 'from-stone-700 to-stone-900', button: 'bg-stone-800' },
};

/** A dot in the campaign's colours, beside its name. */
export const SchemeSwatch = ({ scheme }: { scheme: Campaign['colorScheme'] }) => (
  <span aria-hidden="true" className={`inline-block size-4 rounded-full bg-linear-to-br ${SCHEMES[scheme].gradient}`} />
);

/** The price to pay (discounted, or the original), the original struck through beside a discount, and currency/period. */
export function Price({ pricing, large = false }: { pricing: Campaign['pricing']; large?: boolean }) {
  const { original, discounted, currency, period } = pricing;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-extrabold tracking-tight ${large ? 'text-4xl' : 'text-2xl'}`}>{formatNumber(discounted ?? original)}</span>
      {discounted !== null && (
        <s className="text-muted">
          <span className="sr-only">{t.priceOriginal}: </span>
          {formatNumber(original)}
        </s>
      )}
      <span className="text-sm text-muted">{t.perPeriod(currency, period)}</span>
    </p>
  );
}
