import { describe, expect, it } from 'vitest';
import { hasActivePremium } from '#shared/premium';
import { osloStartOfDay, splitDuration } from '#shared/time';

const NOW = Date.UTC(2026, 10, 21, 9);

describe('hasActivePremium', () => {
  it('is false without the flag, whatever the end date', () => {
    expect(hasActivePremium({ isPremium: false, premiumEndDate: null }, NOW)).toBe(false);
    expect(hasActivePremium({ isPremium: false, premiumEndDate: new Date(NOW + 1000) }, NOW)).toBe(false);
  });

  it('is true until the end date, and false from it on (Date or ISO string)', () => {
    const end = new Date(NOW + 1000);
    expect(hasActivePremium({ isPremium: true, premiumEndDate: end }, NOW + 999)).toBe(true);
    expect(hasActivePremium({ isPremium: true, premiumEndDate: end }, NOW + 1000)).toBe(false);
    expect(hasActivePremium({ isPremium: true, premiumEndDate: end.toISOString() }, NOW + 999)).toBe(true);
    expect(hasActivePremium({ isPremium: true, premiumEndDate: end.toISOString() }, NOW + 1001)).toBe(false);
  });

  it('has no end without an end date', () => {
    expect(hasActivePremium({ isPremium: true, premiumEndDate: null }, NOW + 100 * 365 * 86_400_000)).toBe(true);
  });
});

describe('splitDuration and osloStartOfDay', () => {
  it('splits a span into days, hours, minutes and seconds, never below zero', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('knows when a day begins in Oslo, summer and winter', () => {
    expect(new Date(osloStartOfDay('2026-12-25')).toISOString()).toBe('2026-12-24T23:00:00.000Z');
    expect(new Date(osloStartOfDay('2026-07-01')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(new Date(osloStartOfDay('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z'); // DST starts that night
  });
});
