/** Durations in milliseconds, and calendar days as the product counts them (Europe/Oslo). */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const TIME_ZONE = 'Europe/Oslo';

const osloDay = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Oslo at `epochMs`, as YYYY-MM-DD (streaks count these, not 24-hour spans). */
export const osloCalendarDay = (epochMs: number): string => osloDay.format(new Date(epochMs));

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

/** Oslo's offset from UTC at `epochMs`, in ms (+1 or +2 hours). */
function osloOffsetAt(epochMs: number): number {
  const name = osloOffset.formatToParts(epochMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const [, sign = '+', hours = '0', minutes = '0'] = /GMT([+-])(\d{2}):(\d{2})/.exec(name) ?? [];
  return (Number(hours) * HOUR + Number(minutes) * MINUTE) * (sign === '-' ? -1 : 1);
}

/** The instant a calendar day (YYYY-MM-DD) begins in Oslo. */
export function osloStartOfDay(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // DST never changes at local midnight, so the offset at UTC midnight is the one that applies.
  return utcMidnight - osloOffsetAt(utcMidnight);
}

/** An Oslo wall-clock time as a datetime-local input holds it (YYYY-MM-DDTHH:mm) → the UTC instant, ISO. Null for anything else. */
export function osloLocalToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The offset at the guess, then at the answer: right on both sides of a DST change.
  const first = asUtc - osloOffsetAt(asUtc);
  return new Date(asUtc - osloOffsetAt(first)).toISOString();
}

/** A UTC instant (ISO) as Oslo wall-clock time for a datetime-local input (YYYY-MM-DDTHH:mm). */
export function isoToOsloLocal(iso: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + osloOffsetAt(ms)).toISOString().slice(0, 16);
}

/** The calendar day `n` days after `day` (YYYY-MM-DD; negative `n` goes back). */
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** 'YYYY-MM-DD' naming a day that exists (no 2026-02-30). */
export const isCalendarDate = (s: string) => CALENDAR_DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

export const shiftDay = (day: string, n: number): string => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);
