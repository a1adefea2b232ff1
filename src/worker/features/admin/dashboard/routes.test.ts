import { beforeEach, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  leads,
  lessonCompletions,
  modules,
  payments,
  sessions,
  subscriptionEvents,
  subscriptions,
  users,
} from '#db/schema';
import { DAY, HOUR, MINUTE } from '#shared/time';
import { appPerTest } from '#support/app';
import { expectJson, type TypedAnswer } from '#support/typed-body';

const t = appPerTest({ seed: true });
let token: string;
let now: number;

beforeEach(async () => {
  token = (await t.signIn('admin@soloprenor.no')).sessionToken;
  now = t.clock.now();
});

/** The admin's answer to one of the dashboard's reads: 200, within the round-trip budget. */
async function get<T>(send: () => Promise<TypedAnswer<T>>) {
  t.roundTrips.reset();
  const body = await expectJson(send());
  expect(t.roundTrips.count, 'round trips').toBeLessThanOrEqual(2);
  return body;
}
const dashboard = () => get(() => t.as(token).admin.dashboard.$get());
const revenue = () => get(() => t.as(token).admin.dashboard.revenue.$get());

const ago = (ms: number) => new Date(now - ms);
/** A subscription row as the checkout leaves it (status and period end as the test needs). */
const sub = (id: string, plan: 'monthly' | 'yearly', extra: Partial<typeof subscriptions.$inferInsert> = {}) => ({
  id,
  userId: id,
  plan,
  provider: 'test' as const,
  amountOre: plan === 'yearly' ? 199500 : 39900,
  currentPeriodStart: ago(DAY),
  currentPeriodEnd: new Date(now + 20 * DAY),
  updatedAt: ago(DAY),
  ...extra,
});
const user = (id: string, extra: Partial<typeof users.$inferInsert> = {}) => ({
  id,
  email: `${id}@example.no`,
  firstName: id,
  createdAt: ago(30 * DAY),
  ...extra,
});

describe('GET /api/admin/dashboard', () => {
  it('counts users, active users, premium users, modules and MRR from the database', async () => {
    const future = new Date(now + 30 * DAY);
    await t.db.insert(users).values([
      user('old'), // never active
      user('recent-login', { lastLogin: ago(2 * DAY) }),
      user('stale-login', { lastLogin: ago(8 * DAY) }),
      user('session-user'),
      user('event-user'),
      user('lesson-user'),
      user('monthly', { isPremium: true, premiumPlan: 'monthly', premiumEndDate: future }),
      user('monthly-2', { isPremium: true, premiumPlan: 'monthly', premiumEndDate: null }),
      user('yearly', { isPremium: true, premiumPlan: 'yearly', premiumEndDate: future }),
      user('granted', { isPremium: true, premiumPlan: 'admin_granted' }),
      user('expired', { isPremium: true, premiumPlan: 'monthly', premiumEndDate: ago(DAY) }),
    ]);
    await t.db
      .insert(subscriptions)
      .values([
        sub('monthly', 'monthly'),
        sub('monthly-2', 'monthly', { status: 'past_due' }),
        sub('yearly', 'yearly'),
        sub('expired', 'monthly', { status: 'expired' }),
      ]);
    await t.db
      .insert(sessions)
      .values({ tokenHash: 's'.repeat(64), userId: 'session-user', expiresAt: future, lastUsedAt: ago(DAY) });
    await t.db.insert(analyticsEvents).values({ eventName: 'cta_hero_click', userId: 'event-user', createdAt: ago(3 * DAY) });
    await t.db
      .insert(lessonCompletions)
      .values({ userId: 'lesson-user', lessonId: 'mindset-quick-win', moduleId: 'mindset', completedAt: ago(HOUR) });

    const body = await dashboard();
    const seededModules = await t.db.select().from(modules);
    expect(body.users).toEqual({
      total: 12,
      // the admin (just signed in), recent-login, session-user, event-user, lesson-user
      active: 5,
      premium: 5,
    });
    expect(body.content).toEqual({
      totalModules: seededModules.length,
      premiumContent: seededModules.filter((m) => m.isPremium).length,
    });
    // Two recurring monthly subscriptions (one past due, still retried), one yearly as a twelfth; admin-granted and expired earn nothing.
    expect(body.revenue).toEqual({ mrr: Math.round(2 * 399 + 1995 / 12) });
  });

  it('lists the latest real events, newest first', async () => {
    await t.db.insert(users).values([user('kari', { firstName: 'Kari', createdAt: ago(3 * HOUR), lastLogin: ago(2 * HOUR) })]);
    await t.db.insert(leads).values({
      id: 'lead-1',
      email: 'lead@example.no',
      source: 'landing_page',
      createdAt: ago(5 * HOUR),
    });
    await t.db
      .insert(lessonCompletions)
      .values({ userId: 'kari', lessonId: 'mindset-quick-win', moduleId: 'mindset', completedAt: ago(HOUR) });
    await t.db.insert(payments).values([
      { id: 'p1', userId: 'kari', plan: 'yearly', amount: 1995, provider: 'test', status: 'paid', paidAt: ago(30 * MINUTE) },
      { id: 'p2', userId: null, plan: 'monthly', amount: 399, provider: 'test', status: 'paid', paidAt: ago(4 * HOUR) },
      { id: 'p3', userId: 'kari', plan: 'monthly', amount: 399, provider: 'test', status: 'failed' },
    ]);

    const { activity } = await dashboard();
    const mine = activity.filter((a) => a.who !== 'admin@soloprenor.no');
    expect(mine).toEqual([
      { kind: 'upgrade', at: ago(30 * MINUTE).toISOString(), who: 'Kari', detail: 'yearly' },
      { kind: 'lesson', at: ago(HOUR).toISOString(), who: 'Kari', detail: expect.any(String) },
      { kind: 'login', at: ago(2 * HOUR).toISOString(), who: 'Kari', detail: null },
      { kind: 'signup', at: ago(3 * HOUR).toISOString(), who: 'Kari', detail: null },
      { kind: 'upgrade', at: ago(4 * HOUR).toISOString(), who: null, detail: 'monthly' },
      { kind: 'lead', at: ago(5 * HOUR).toISOString(), who: 'lead@example.no', detail: null },
    ]);
    expect(activity.length).toBeLessThanOrEqual(10);
  });

  it('shows at most ten entries', async () => {
    await t.db.insert(users).values(Array.from({ length: 15 }, (_, i) => user(`u${i}`, { createdAt: ago(i * MINUTE) })));
    const { activity } = await dashboard();
    expect(activity).toHaveLength(10);
  });
});

describe('GET /api/admin/dashboard/revenue', () => {
  it('is honest when nothing is paid yet', async () => {
    const body = await revenue();
    expect(body).toMatchObject({ mrr: 0, totalPaid: 0, paymentsCount: 0, subscriptions: { monthly: 0, yearly: 0 } });
    expect(body.months).toHaveLength(12);
    expect(body.months[0]).toEqual({ month: '2026-11', total: 0, count: 0 });
    expect(body.months[11]!.month).toBe('2025-12');
    expect(body.months.every((m) => m.total === 0)).toBe(true);
  });

  it('sums paid NOK payments per Oslo calendar month', async () => {
    await t.db
      .insert(users)
      .values(user('kari', { isPremium: true, premiumPlan: 'yearly', premiumEndDate: new Date(now + 300 * DAY) }));
    await t.db.insert(subscriptions).values(sub('kari', 'yearly', { currentPeriodEnd: new Date(now + 300 * DAY) }));
    const pay = (id: string, paidAt: string, nok: number, extra: Partial<typeof payments.$inferInsert> = {}) => ({
      id,
      userId: 'kari',
      plan: 'monthly' as const,
      amount: nok * 100,
      provider: 'test' as const,
      status: 'paid' as const,
      paidAt: new Date(paidAt),
      ...extra,
    });
    await t.db.insert(payments).values([
      pay('a', '2026-11-02T10:00:00Z', 399),
      pay('b', '2026-11-20T10:00:00Z', 1995),
      // 23:30 UTC on 31 October is 00:30 on 1 November in Oslo.
      pay('c', '2026-10-31T23:30:00Z', 399),
      pay('d', '2026-10-15T12:00:00Z', 399),
      pay('e', '2026-10-16T12:00:00Z', 399, { status: 'refunded' }),
      pay('f', '2026-10-16T12:00:00Z', 399, { status: 'pending', paidAt: null }),
      pay('g', '2024-01-10T12:00:00Z', 1995),
    ]);
    const body = await revenue();
    expect(body.months[0]).toEqual({ month: '2026-11', total: 399 + 1995 + 399, count: 3 });
    expect(body.months[1]).toEqual({ month: '2026-10', total: 399, count: 1 });
    expect(body.totalPaid).toBe(399 + 1995 + 399 + 399 + 1995);
    expect(body.paymentsCount).toBe(5);
    expect(body.mrr).toBe(Math.round(1995 / 12));
    expect(body.subscriptions).toEqual({ monthly: 0, yearly: 1 });
  });

  it('reports renewals due, failed renewals, cancellations and refunds from the subscriptions’ rows', async () => {
    await t.db.insert(users).values(['a', 'b', 'c', 'd'].map((id) => user(id)));
    await t.db.insert(subscriptions).values([
      sub('a', 'monthly', { currentPeriodEnd: new Date(now + 10 * DAY) }),
      sub('b', 'yearly', { currentPeriodEnd: new Date(now + 29 * DAY) }),
      // Cancelled: ends, does not renew; due after the window: not counted.
      sub('c', 'yearly', { status: 'canceled', cancelAtPeriodEnd: true, currentPeriodEnd: new Date(now + 5 * DAY) }),
      sub('d', 'monthly', { currentPeriodEnd: new Date(now + 31 * DAY) }),
    ]);
    await t.db.insert(subscriptionEvents).values([
      { subscriptionId: 'c', kind: 'canceled', status: 'canceled', at: ago(DAY) },
      { subscriptionId: 'a', kind: 'renewal_failed', status: 'past_due', at: ago(2 * DAY) },
      { subscriptionId: 'a', kind: 'renewal_failed', status: 'past_due', at: ago(40 * DAY) },
    ]);
    await t.db.insert(payments).values([
      {
        id: 'r1',
        userId: 'a',
        plan: 'monthly',
        amount: 39900,
        provider: 'test',
        status: 'refunded',
        paidAt: ago(3 * DAY),
        refundedAt: ago(DAY),
      },
      {
        id: 'r2',
        userId: 'b',
        plan: 'yearly',
        amount: 199500,
        provider: 'test',
        status: 'refunded',
        paidAt: ago(60 * DAY),
        refundedAt: ago(50 * DAY),
      },
    ]);
    const body = await revenue();
    expect(body).toMatchObject({
      renewalsDue: { count: 2, totalNok: 399 + 1995 },
      failedRenewals: 1,
      cancellations: 1,
      refunds: { count: 1, totalNok: 399 },
      subscriptions: { monthly: 2, yearly: 1 },
      mrr: Math.round(2 * 399 + 1995 / 12),
    });
  });
});
