/** Durations in milliseconds, and calendar days as the product counts them (Europe/Oslo). */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const TIME_ZONE = 'Europe/Oslo';

const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Oslo at `epochMs`, as YYYY-MM-DD (streaks count these, not 24-hour spans). */
export const osloCalendarDay = (epochMs: number): string => osloDay.format(new Date(epochMs));

/** Whole calendar days from day `a` to day `b` (both YYYY-MM-DD); DST never shifts the count. */
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / DAY);

export type TimeLeft = { days: number; hours: number; minutes: number; seconds: number };

/** A span in milliseconds as whole days, hours, minutes and seconds (never negative: a passed deadline is all zeros). */
export function splitDuration(ms: number): TimeLeft {
  const total = Math.max(0, Math.floor(ms / SECOND));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

const osloOffset = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });

/** The instant a calendar day (YYYY-MM-DD) begins in Oslo. */
export function osloStartOfDay(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Oslo's offset at that moment ("GMT+01:00" or "GMT+02:00"); DST never changes at local midnight.
  const name = osloOffset.formatToParts(utcMidnight).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const [, sign = '+', hours = '0', minutes = '0'] = /GMT([+-])(\d{2}):(\d{2})/.exec(name) ?? [];
  const offset = (Number(hours) * HOUR + Number(minutes) * MINUTE) * (sign === '-' ? -1 : 1);
  return utcMidnight - offset;
}

/** The calendar day `n` days after `day` (YYYY-MM-DD; negative `n` goes back). */
export const shiftDay = (day: string, n: number): string => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);
