import { useEffect, useState } from 'react';
import type { Plan } from '#shared/constants';
import { validation } from '#shared/copy/validation';
import { COUPON_PARAM } from '#shared/paths';
import type { CouponPreview } from '#shared/schemas/premium/checkout';
import { ApiError, errorMessage } from '#browser/api';
import { previewCoupon } from '#browser/checkout';

/** A code the link brought (?kode=…), as the field takes it. */
const codeFromQuery = () =>
  typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get(COUPON_PARAM) ?? '').trim().slice(0, 40);

/** Whether the server refused a checkout for its code (an unknown, expired, used-up … code): the field says why. */
export const isCouponRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.code ?? '').startsWith('coupon_');

/**
 * The checkout's discount code: what is typed, the code the server accepted for `plan` (its price
 * is what the page shows and pays), and why not. A code from the link is tried at once. Editing
 * the field drops the accepted code, so the price shown is always that of the code shown.
 */
export function useCoupon(plan: Plan, fallback: string) {
  const [code, setTyped] = useState(codeFromQuery);
  const [applied, setApplied] = useState<CouponPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    const typed = code.trim();
    setApplied(null);
    if (!typed) {
      setError(validation.couponCodeRequired);
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const { coupon } = await previewCoupon({ code: typed, plan });
      setApplied(coupon);
      setTyped(coupon.code);
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setChecking(false);
    }
  }

  useEffect(() => {
    // Once, for a code that came with the link: the page opens at its price.
    if (code) void apply();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    code,
    applied,
    error,
    checking,
    apply,
    setCode: (value: string) => {
      setTyped(value);
      setApplied(null);
      setError(null);
    },
    remove: () => {
      setTyped('');
      setApplied(null);
      setError(null);
    },
    /** The checkout refused the code after all (the buyer's own rules: used once, not a new member). */
    refuse: (message: string) => {
      setApplied(null);
      setError(message);
    },
    /** Typed but not accepted: paying now would not use it, so the checkout tries it first. */
    unapplied: code.trim() !== '' && applied === null,
  };
}

export type CouponState = ReturnType<typeof useCoupon>;
