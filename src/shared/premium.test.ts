import { describe, expect, it } from 'vitest';
import { hasActivePremium, premiumDaysLeft } from '#shared/premium';
import { DAY, HOUR } from '#shared/time';

const NOW = Date.UTC(2026, 10, 21, 9);

describe('hasActivePremium', () => {
  it('holds while isPremium is set and the end date is absent or in the future', () => {
    expect(hasActivePremium({ isPremium: true, premiumEndDate: null }, NOW)).toBe(true);
    expect(hasActivePremium({ isPremium: true, premiumEndDate: new Date(NOW + 1) }, NOW)).toBe(true);
    expect(hasActivePremium({ isPremium: true, premiumEndDate: new Date(NOW) }, NOW)).toBe(false);
    expect(hasActivePremium({ isPremium: false, premiumEndDate: new Date(NOW + DAY) }, NOW)).toBe(false);
  });

  it('reads the API shape the browser has the same way', () => {
    const sub = (endDate: string | null) => ({ isPremium: true, premiumSubscription: { plan: 'yearly' as const, endDate } });
    expect(hasActivePremium(sub(null), NOW)).toBe(true);
    expect(hasActivePremium(sub(new Date(NOW + DAY).toISOString()), NOW)).toBe(true);
    expect(hasActivePremium(sub(new Date(NOW - DAY).toISOString()), NOW)).toBe(false);
    expect(hasActivePremium({ isPremium: true, premiumSubscription: null }, NOW)).toBe(true);
  });
});

describe('premiumDaysLeft', () => {
  it('counts started days up to the end date, and nothing without one or once ended', () => {
    expect(premiumDaysLeft({ isPremium: true, premiumEndDate: new Date(NOW + 10 * DAY) }, NOW)).toBe(10);
    expect(premiumDaysLeft({ isPremium: true, premiumEndDate: new Date(NOW + 2 * HOUR) }, NOW)).toBe(1);
    expect(premiumDaysLeft({ isPremium: true, premiumEndDate: null }, NOW)).toBeNull();
    expect(premiumDaysLeft({ isPremium: true, premiumEndDate: new Date(NOW - HOUR) }, NOW)).toBeNull();
  });
});
