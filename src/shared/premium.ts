/**
 * Whether a user has Premium at `now`: the flag is set and the end date, if any, is still ahead.
 * A passed end date ends Premium by itself, everywhere, with no job or manual step; no end date
 * means Premium without expiry (granted by an admin).
 */
export function hasActivePremium(user: { isPremium: boolean; premiumEndDate: Date | string | null }, now: number): boolean {
  if (!user.isPremium) return false;
  if (user.premiumEndDate === null) return true;
  return new Date(user.premiumEndDate).getTime() > now;
}
