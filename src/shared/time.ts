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

/** The calendar day `n` days after `day` (YYYY-MM-DD; negative `n` goes back). */
export const shiftDay = (day: string, n: number): string => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);
