import type { Plan } from '#shared/constants';

/** `at` plus whole calendar months (UTC), landing on the month's last day when it is shorter (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(at: number, months: number): number {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

const PLAN_MONTHS: Record<Plan, number> = { monthly: 1, yearly: 12 };

/** The end of a period of `plan` that starts at `from` — when a subscription bought then first renews; after `periods` periods with a count. */
export const renewalDate = (plan: Plan, from: number, periods = 1): Date =>
  new Date(addMonths(from, PLAN_MONTHS[plan] * periods));
