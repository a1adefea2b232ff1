import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import { AppError } from '#worker/errors';
import { payments, siteSettings, subscriptions, users } from '#db/schema';

/**
 * One trial per person (docs/decisions/0060-free-trial.md): the account `userId` never had a
 * subscription, a payment that moved money or started a trial, nor Premium granted (a plan stays
 * set after Premium ends). As SQL, so the recording batch checks it again where it writes.
 */
export const trialEligible = (userId: SQL) => sql`(
  NOT EXISTS (SELECT 1 FROM ${subscriptions} s WHERE s.user_id = ${userId})
  AND NOT EXISTS (SELECT 1 FROM ${payments} p WHERE p.user_id = ${userId} AND p.status IN ('paid', 'refunded', 'trial'))
  AND coalesce((SELECT u.premium_plan IS NULL FROM ${users} u WHERE u.id = ${userId}), 1))`;

/**
 * A trial is the new member's one offer (0060): asked for with a code or a campaign's price it is
 * a 400 before either is looked at; the buyer chooses one.
 */
export function refuseTrialWithOffer(input: { trialDays?: number; code?: string; campaignId?: string }) {
  if (input.trialDays && (input.code !== undefined || input.campaignId !== undefined))
    throw new AppError('trial_with_offer', 400);
}

/** The admin's trial days now (0: none). */
export const trialDaysSql = sql`coalesce((SELECT ${siteSettings.trialDays} FROM ${siteSettings} WHERE ${siteSettings.id} = 1), 0)`;

/**
 * The trial days a buyer gets now: the setting, and for a known account whether it may have one
 * (null: an address not known yet, which may). One statement, read in a batch the request already makes.
 */
export const trialRead = (db: Db, userId: SQL | null) =>
  db.all<{ days: number; eligible: number }>(
    sql`SELECT ${trialDaysSql} AS days, ${userId ? trialEligible(userId) : sql`1`} AS eligible`,
  );
