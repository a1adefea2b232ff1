/** Contracts of the admin's dashboard API (/api/admin/dashboard): the overview and the revenue figures. */
export const ACTIVITY_KINDS = ['signup', 'login', 'lead', 'lesson', 'upgrade'] as const;
export type ActivityItem = {
  kind: (typeof ACTIVITY_KINDS)[number];
  /** ISO time. */
  at: string;
  /** The user's name or e-mail; null once the user is deleted (a kept payment). */
  who: string | null;
  /** The lesson's title, or the plan upgraded to. */
  detail: string | null;
};

/** GET /api/admin/dashboard — users, content and revenue as the product defines its dashboard, plus recent activity. */
export type DashboardResponse = {
  users: { total: number; active: number; premium: number };
  content: { totalModules: number; premiumContent: number };
  revenue: { mrr: number };
  activity: ActivityItem[];
};

/**
 * GET /api/admin/dashboard/revenue — per Oslo month, newest first: what was paid (gross, with the
 * payments' count), paid back (refunds, by the credit notes' dates) and kept (net); all-time
 * totals; today's MRR. Amounts in NOK.
 */
export type RevenueResponse = {
  mrr: number;
  subscriptions: { monthly: number; yearly: number };
  /** Gross: every payment taken, refunded since or not. */
  totalPaid: number;
  totalRefunded: number;
  paymentsCount: number;
  months: { month: string; gross: number; refunds: number; net: number; count: number }[];
  /** Renewals due in the next 30 days, and what they will charge. */
  renewalsDue: { count: number; totalNok: number };
  /** In the last 30 days (cancellations: subscriptions cancelled, each once; refunds: credit notes). */
  failedRenewals: number;
  cancellations: number;
  refunds: { count: number; totalNok: number };
};
