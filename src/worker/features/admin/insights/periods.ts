import { DAY, HOUR, osloCalendarDay, osloStartOfDay, shiftDay } from '#shared/time';

/** A stretch of Oslo calendar time: its label, and where it begins and ends (epoch ms; the end excluded). */
export type Period = { label: string; start: number; end: number };

/** The ISO week of a Monday (YYYY-MM-DD) as YYYY-Www: the week belongs to the year of its Thursday. */
export function isoWeek(monday: string): string {
  const thursday = Date.parse(shiftDay(monday, 3));
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday (YYYY-MM-DD) of the Oslo week `now` falls in. */
function mondayOf(now: number): string {
  const today = osloCalendarDay(now);
  const weekday = new Date(Date.parse(today)).getUTCDay(); // 0 Sunday … 6 Saturday
  return shiftDay(today, -((weekday + 6) % 7));
}

/** The last `n` ISO weeks in Oslo (Monday 00:00 to Monday 00:00), oldest first, the current one last. */
export function osloWeeks(now: number, n: number): (Period & { monday: string })[] {
  const current = mondayOf(now);
  return Array.from({ length: n }, (_, i) => {
    const monday = shiftDay(current, -7 * (n - 1 - i));
    return { label: isoWeek(monday), monday, start: osloStartOfDay(monday), end: osloStartOfDay(shiftDay(monday, 7)) };
  });
}

/** `YYYY-MM` shifted by `n` months. */
export function shiftMonth(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last `n` calendar months in Oslo, oldest first, the current one last. */
export function osloMonths(now: number, n: number): Period[] {
  const current = osloCalendarDay(now).slice(0, 7);
  return Array.from({ length: n }, (_, i) => {
    const label = shiftMonth(current, i - (n - 1));
    return { label, start: osloStartOfDay(`${label}-01`), end: osloStartOfDay(`${shiftMonth(label, 1)}-01`) };
  });
}

/** An instant as the hour bucket `insight_counts` keys by (UTC hours since the epoch); Oslo days begin on whole hours. */
export const hourOf = (ms: number) => Math.floor(ms / HOUR);
