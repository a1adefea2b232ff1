import { DAY } from '#shared/time';

/** A user as the server stores them, or as the API shows them to the browser. */
type PremiumHolder =
  | { isPremium: boolean; premiumEndDate: Date | string | null }
  | { isPremium: boolean; premiumSubscription: { endDate: string | null } | null };

function endOf(user: PremiumHolder): number | null {
  if ('premiumEndDate' in user) return user.premiumEndDate === null ? null : new Date(user.premiumEndDate).getTime();
  const end = user.premiumSubscription?.endDate;
  return end ? Date.parse(end) : null;
}

/** The one premium rule: premium while `isPremium` is set and the subscription has no end date or ends in the future. */
export function hasActivePremium(user: PremiumHolder, now: number): boolean {
  const end = endOf(user);
  return user.isPremium && (end === null || end > now);
}

/** Whole days (rounded up) until an active premium subscription ends; null when it has no end date or is not active. */
export function premiumDaysLeft(user: PremiumHolder, now: number): number | null {
  const end = endOf(user);
  if (end === null || !hasActivePremium(user, now)) return null;
  return Math.ceil((end - now) / DAY);
}
