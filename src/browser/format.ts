/** Numbers, money and times as a Norwegian reader expects them. */
import { relativeTime } from '#shared/copy/ui';
import { TIME_ZONE } from '#shared/time';

const number = new Intl.NumberFormat('nb-NO');
const nok = new Intl.NumberFormat('nb-NO', { style: 'currency', currency: 'NOK', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('nb-NO', { timeZone: TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat('nb-NO', { timeZone: TIME_ZONE, dateStyle: 'long' });
const monthName = new Intl.DateTimeFormat('nb-NO', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const relative = new Intl.RelativeTimeFormat('nb-NO', { numeric: 'auto' });
const percent = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 1 });
const shortMonth = new Intl.DateTimeFormat('nb-NO', { timeZone: 'UTC', month: 'short', year: '2-digit' });

export const formatNumber = (n: number) => number.format(n);
export const formatNok = (n: number) => nok.format(n);
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
/** '21. november 2026'. */
export const formatDate = (iso: string) => date.format(new Date(iso));

/** 'YYYY-MM' as 'november 2026'. */
export const formatMonth = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
/** 'YYYY-MM' as 'nov. 26', for a chart's axis. */
export const formatShortMonth = (month: string) => shortMonth.format(new Date(`${month}-01T00:00:00Z`));
/** A percentage with at most one decimal: '12,5 %'. */
export const formatPercent = (n: number) => `${percent.format(n)} %`;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** 'nå nettopp', '5 minutter siden', 'i går' … within a week; an exact date for older times. */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  if (Math.abs(diff) >= 7 * 86_400_000) return formatDateTime(iso);
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return relativeTime.justNow;
}
