import { campaign } from '#shared/copy/premium/campaign';
import type { PublicCampaign } from '#shared/schemas/premium';
import { formatNumber } from '#browser/format';

const t = campaign;

/** The price to pay (discounted, or the original), the original struck through beside a discount, and currency/period. */
export function Price({ pricing, large = false }: { pricing: PublicCampaign['pricing']; large?: boolean }) {
  const { original, discounted, currency, period } = pricing;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-extrabold tracking-tight ${large ? 'text-4xl' : 'text-2xl'}`}>
        {formatNumber(discounted ?? original)}
      </span>
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
