import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { leads, users } from '#db/schema';
import type { AdminLead } from '#shared/schemas/admin/leads';

/** The columns of a lead as the admin sees it, with its account (if it became one). */
const columns = {
  id: leads.id,
  email: leads.email,
  consentDecision: leads.consentDecision,
  source: leads.source,
  utmSource: leads.utmSource,
  utmMedium: leads.utmMedium,
  utmCampaign: leads.utmCampaign,
  createdAt: leads.createdAt,
  userId: users.id,
  isPremium: users.isPremium,
  lastActiveAt: users.lastActiveAt,
};

/**
 * Leads newest first (ties by insertion), each joined to its account by primary key: the
 * caller adds WHERE, LIMIT and OFFSET. The order walks `leads_created_idx` or the filter's index.
 */
export const leadRows = (db: Db) =>
  db
    .select(columns)
    .from(leads)
    .leftJoin(users, eq(users.id, leads.userId))
    .orderBy(desc(leads.createdAt), desc(sql`${leads}.rowid`))
    .$dynamic();

export type LeadRow = Awaited<ReturnType<ReturnType<typeof leadRows>['execute']>>[number];

/**
 * A row as the API answers it. Last activity is the account's (a session used, an event, a
 * lesson — kept on the user by triggers); a lead that never signed in has none.
 */
export const adminLead = (row: LeadRow): AdminLead => ({
  id: row.id,
  email: row.email,
  consentMarketing: row.consentDecision ?? 'never',
  source: row.source,
  utm: { source: row.utmSource, medium: row.utmMedium, campaign: row.utmCampaign },
  createdAt: row.createdAt.toISOString(),
  lastActivityAt: row.lastActiveAt?.toISOString() ?? null,
  userId: row.userId,
  isPremium: row.isPremium ?? false,
});
