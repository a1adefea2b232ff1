import { count, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { counters, leads, lessonCompletions, lessons, modules, payments, users } from '#db/schema';
import type { ActivityItem, DashboardResponse } from '#shared/schemas/admin/dashboard';
import { ACTIVE_WINDOW_DAYS } from '#shared/constants';
import { DAY } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { activeSubscriptionsQuery, monthlyRecurringRevenue } from './subscriptions';

/** How many entries "Nylig aktivitet" shows. */
const ACTIVITY_LIMIT = 10;

const who = (firstName: string | null, email: string | null) => firstName || email || null;

/**
 * The overview: users (total, active in the last 7 days, with Premium now), modules (total, premium),
 * MRR, and the latest real events — sign-ups, logins, lead sign-ups, completed lessons and
 * upgrades. One `db.batch()`, so one round trip.
 */
export async function dashboard(ctx: ServiceCtx): Promise<DashboardResponse> {
  const { db } = ctx;
  const since = new Date(ctx.now() - ACTIVE_WINDOW_DAYS * DAY);
  const [[people], [active], [subs], [content], signups, logins, newLeads, completions, upgrades] = await db.batch([
    // The total from the trigger-kept counter, the premium ones from their index: neither reads every user.
    db
      .select({
        total: counters.value,
        // Premium now (the one rule, hasActivePremium): a refunded or expired buyer's end date has passed.
        premium: sql<number>`(SELECT count(*) FROM ${users} WHERE ${users.isPremium} = 1 AND (${users.premiumEndDate} IS NULL OR ${users.premiumEndDate} > ${ctx.now()}))`,
      })
      .from(counters)
      .where(eq(counters.name, 'users')),
    // Active: signed in, used a session, or did something tracked within the window — kept on
    // the user row by triggers (users.last_active_at), so this reads two index ranges.
    db
      .select({ n: count() })
      .from(users)
      .where(or(gte(users.lastActiveAt, since), gte(users.lastLogin, since))),
    activeSubscriptionsQuery(ctx),
    db.select({ total: count(), premium: count(sql`CASE WHEN ${modules.isPremium} THEN 1 END`) }).from(modules),
    db
      .select({ at: users.createdAt, firstName: users.firstName, email: users.email })
      .from(users)
      .orderBy(desc(users.createdAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ at: users.lastLogin, firstName: users.firstName, email: users.email })
      .from(users)
      .where(isNotNull(users.lastLogin))
      .orderBy(desc(users.lastLogin))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ at: leads.createdAt, firstName: sql<string>`''`, email: leads.email })
      .from(leads)
      .orderBy(desc(leads.createdAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ at: lessonCompletions.completedAt, firstName: users.firstName, email: users.email, lesson: lessons.title })
      .from(lessonCompletions)
      .innerJoin(users, eq(users.id, lessonCompletions.userId))
      .innerJoin(lessons, eq(lessons.id, lessonCompletions.lessonId))
      .orderBy(desc(lessonCompletions.completedAt))
      .limit(ACTIVITY_LIMIT),
    db
      .select({ at: payments.paidAt, firstName: users.firstName, email: users.email, plan: payments.plan })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(eq(payments.status, 'paid'))
      .orderBy(desc(payments.paidAt))
      .limit(ACTIVITY_LIMIT),
  ]);

  const activity: (ActivityItem & { ms: number })[] = [
    ...signups.map((r) => item('signup', r.at, who(r.firstName, r.email), null)),
    ...logins.map((r) => item('login', r.at!, who(r.firstName, r.email), null)),
    ...newLeads.map((r) => item('lead', r.at, who(r.firstName, r.email), null)),
    ...completions.map((r) => item('lesson', r.at, who(r.firstName, r.email), r.lesson)),
    ...upgrades.map((r) => item('upgrade', r.at!, who(r.firstName, r.email), r.plan)),
  ];
  activity.sort((a, b) => b.ms - a.ms);

  return {
    users: { total: people?.total ?? 0, active: active?.n ?? 0, premium: people?.premium ?? 0 },
    content: { totalModules: content?.total ?? 0, premiumContent: content?.premium ?? 0 },
    revenue: { mrr: monthlyRecurringRevenue(subs?.mrrOre ?? 0) },
    activity: activity.slice(0, ACTIVITY_LIMIT).map(({ ms: _ms, ...rest }) => rest),
  };
}

function item(kind: ActivityItem['kind'], at: Date, whom: string | null, detail: string | null) {
  return { kind, at: at.toISOString(), ms: at.getTime(), who: whom, detail };
}
