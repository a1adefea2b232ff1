import { describe, expect, it } from 'vitest';
import { isoToOsloLocal, osloLocalToIso } from '#shared/time';

describe('Oslo wall-clock time for publishAt', () => {
  it('turns what the admin enters in Oslo into UTC, in winter and in summer, and back', () => {
    expect(osloLocalToIso('2026-12-01T08:00')).toBe('2026-12-01T07:00:00.000Z');
    expect(osloLocalToIso('2027-06-01T08:00')).toBe('2027-06-01T06:00:00.000Z');
    expect(isoToOsloLocal('2026-12-01T07:00:00.000Z')).toBe('2026-12-01T08:00');
    expect(isoToOsloLocal('2027-06-01T06:00:00.000Z')).toBe('2027-06-01T08:00');
    // The morning after the spring change (last Sunday of March 2027 is the 28th).
    expect(osloLocalToIso('2027-03-28T09:30')).toBe('2027-03-28T07:30:00.000Z');
  });

  it('refuses anything that is not a datetime-local value', () => {
    expect(osloLocalToIso('')).toBeNull();
    expect(osloLocalToIso('1. desember')).toBeNull();
  });
});
