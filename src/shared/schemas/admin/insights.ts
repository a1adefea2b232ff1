/** Contracts of the admin's Innsikt (/api/admin/insights/*): one call per chart. */
import { adminInsights } from '#shared/copy/admin/insights';
import { singleLine } from '#shared/schemas/common';
import { z } from '#shared/zod';

const v = adminInsights.validation;

export const FUNNEL_WEEKS = 26;
export const SUBSCRIPTION_MONTHS = 12;
/** Cohorts shown by default: the oldest has had its 12 months after the purchase month. */
export const COHORT_MONTHS = 14;
/** How many months after its purchase month a cohort is followed. */
export const COHORT_FOLLOW_MONTHS = 12;

/** A count of periods, as a query parameter: 1..max, `fallback` when absent. */
const periodCount = (max: number, fallback: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);

/** GET /api/admin/insights/funnel[?utmSource=…][&weeks=N]: one UTM source (a lead's first touch), or all. */
export const insightsFunnelQuerySchema = z.object({
  utmSource: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().max(100, v.utmTooLong).check(singleLine()).optional(),
  ),
  weeks: periodCount(52, FUNNEL_WEEKS, v.weeksInvalid),
});
export type InsightsFunnelQuery = z.output<typeof insightsFunnelQuerySchema>;

/** GET /api/admin/insights/subscriptions[?months=N]. */
export const insightsSubscriptionsQuerySchema = z.object({ months: periodCount(36, SUBSCRIPTION_MONTHS, v.monthsInvalid) });
export type InsightsSubscriptionsQuery = z.output<typeof insightsSubscriptionsQuerySchema>;

/** GET /api/admin/insights/cohorts[?months=N]: the last N purchase months, each followed up to COHORT_FOLLOW_MONTHS months. */
export const insightsCohortsQuerySchema = z.object({ months: periodCount(24, COHORT_MONTHS, v.monthsInvalid) });
export type InsightsCohortsQuery = z.output<typeof insightsCohortsQuerySchema>;

/** One ISO week (Monday to Sunday, Oslo time) of the funnel: what happened in it. */
export type FunnelWeek = {
  /** ISO week, `2026-W47`. */
  week: string;
  /** Its Monday, YYYY-MM-DD. */
  start: string;
  /** First-party page views of the public pages. */
  visitors: number;
  /** Sign-ups (new addresses). */
  leads: number;
  /** Accounts made: addresses confirmed through their link. */
  confirmed: number;
  /** Users who completed their first lesson. */
  firstLesson: number;
  /** Subscriptions started. */
  premium: number;
};
export type FunnelMetric = Exclude<keyof FunnelWeek, 'week' | 'start'>;
export const FUNNEL_SERIES = [
  'visitors',
  'leads',
  'confirmed',
  'firstLesson',
  'premium',
] as const satisfies readonly FunnelMetric[];

export type InsightsFunnel = {
  weeks: FunnelWeek[];
  /** The source asked for, or null for all. */
  utmSource: string | null;
  /** Every UTM source a lead has come with, for the selector. */
  sources: string[];
};

/** One Oslo calendar month of subscriptions. */
export type SubscriptionMonth = {
  /** YYYY-MM. */
  month: string;
  /** Monthly recurring revenue at the month's end (now, for this month), whole NOK: each subscription at its price, a yearly one a twelfth. */
  mrr: number;
  started: number;
  ended: number;
  /** Ended in the month as a share of those subscribed when it began, one decimal; null when none were. */
  churnPct: number | null;
};
export type InsightsSubscriptions = { months: SubscriptionMonth[] };

/** The subscriptions started in one month, and the share of them still subscribed at the end of each month after it. */
export type Cohort = {
  /** YYYY-MM: the month of purchase. */
  month: string;
  size: number;
  /** Percent (one decimal) still subscribed at the end of the 1st, 2nd … month after the purchase month, as far as those months have ended. */
  retained: number[];
};
export type InsightsCohorts = { cohorts: Cohort[] };
