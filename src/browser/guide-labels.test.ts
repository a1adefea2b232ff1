import { describe, expect, it } from 'vitest';
import type { PublicUser } from '#shared/schemas/auth';
import { DAY } from '#shared/time';
import { premiumBadge } from './guide-labels';

const NOW = Date.UTC(2026, 10, 21, 9);
const user = (isPremium: boolean, premiumSubscription: PublicUser['premiumSubscription']) =>
  ({ isPremium, premiumSubscription }) as PublicUser;

describe('premiumBadge', () => {
  it('names the plan and the days left while the end date is ahead', () => {
    const end = new Date(NOW + 12 * DAY).toISOString();
    expect(premiumBadge(user(true, { plan: 'admin_granted', endDate: null }), NOW)).toBe('Premium');
    expect(premiumBadge(user(true, { plan: 'yearly', endDate: end }), NOW)).toBe('Premium årlig · 12 dager igjen');
    expect(premiumBadge(user(true, { plan: 'monthly', endDate: new Date(NOW + DAY / 2).toISOString() }), NOW)).toBe(
      'Premium månedlig · 1 dag igjen',
    );
    expect(premiumBadge(user(true, null), NOW)).toBe('Premium');
  });

  it('shows nothing without active premium', () => {
    expect(premiumBadge(user(false, null), NOW)).toBeNull();
    expect(premiumBadge(user(true, { plan: 'yearly', endDate: new Date(NOW - DAY).toISOString() }), NOW)).toBeNull();
  });
});
