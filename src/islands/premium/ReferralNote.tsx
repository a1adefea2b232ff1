import { REFERRAL_PARAM } from '#shared/referrals';
import { referralCheckout as t } from '#shared/copy/referrals';

/** The member id of a «Verv en venn» link (/priser/kasse?verv=…), or undefined. */
export const referrerFromQuery = (): string | undefined => {
  if (typeof window === 'undefined') return undefined;
  return new URLSearchParams(window.location.search).get(REFERRAL_PARAM)?.trim() || undefined;
};

/** Says that the price shown is the link's discount, and what it saves. */
export function ReferralNote({ saving }: { saving: number }) {
  return (
    <p className="mt-1 text-sm text-muted" data-testid="referral-note">
      {t.note(saving)}
    </p>
  );
}
