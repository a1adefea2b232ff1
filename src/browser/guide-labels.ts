import { guide } from '#shared/copy/guide';
import { hasActivePremium, premiumDaysLeft } from '#shared/premium';
import type { PublicUser } from '#shared/schemas/auth';

/** The premium badge's text ('Premium Årlig · 12 dager igjen'), or null without active premium. */
export function premiumBadge(user: PublicUser, now: number): string | null {
  if (!hasActivePremium(user, now)) return null;
  const labels = guide.premium;
  const plan = user.premiumSubscription?.plan;
  const label = plan ? labels[plan] : labels.other;
  const days = premiumDaysLeft(user, now);
  return days === null ? label : label + labels.daysLeft(days);
}
