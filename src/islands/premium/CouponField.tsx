import { useId } from 'react';
import { BadgePercent } from 'lucide-react';
import { couponField as t } from '#shared/copy/premium/coupon';
import type { CouponState } from './useCoupon';

/**
 * The «Rabattkode» field of both checkouts: the code, «Bruk», and what the accepted code gives said
 * in full before paying (the discount, the price for how long, the total, the price after), or why
 * it was refused. `format` writes an amount the page's way ("1 995 kr", "1995 NOK").
 */
export default function CouponField({ coupon, format }: { coupon: CouponState; format: (nok: number) => string }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { applied, error } = coupon;
  return (
    <div className="mt-6" data-testid="coupon">
      <label htmlFor={id} className="block font-semibold">
        {t.label}
      </label>
      <p id={hintId} className="mt-1 text-sm text-muted">
        {t.hint}
      </p>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          name="code"
          value={coupon.code}
          onChange={(e) => coupon.setCode(e.target.value)}
          onKeyDown={(e) => {
            // Enter tries the code (in the public checkout's form it would otherwise pay).
            if (e.key !== 'Enter') return;
            e.preventDefault();
            void coupon.apply();
          }}
          maxLength={40}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="input min-w-0 flex-1 uppercase"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        {applied ? (
          <button type="button" className="btn-secondary shrink-0" onClick={coupon.remove}>
            {t.remove}
          </button>
        ) : (
          <button
            type="button"
            className="btn-secondary shrink-0"
            onClick={() => void coupon.apply()}
            disabled={coupon.checking}
            aria-busy={coupon.checking}
          >
            {coupon.checking ? t.applying : t.apply}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      <div role="status">
        {applied && (
          <div className="mt-3 flex gap-3 rounded-2xl bg-green-50 p-4 text-sm text-green-900" data-testid="coupon-applied">
            <BadgePercent className="size-5 shrink-0" aria-hidden="true" />
            <div>
              <p className="font-semibold">{t.applied(applied.code, format(applied.saving), applied.plan, applied.periods)}</p>
              <p className="mt-1">
                {t.price(
                  format(applied.price),
                  format(applied.price * applied.periods),
                  format(applied.renewalPrice),
                  applied.plan,
                  applied.periods,
                )}
              </p>
              {applied.newMembersOnly && <p className="mt-1">{t.newMembersOnly}</p>}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
