import { beforeEach, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  leads,
  lessonCompletions,
  modules,
  payments,
  receipts,
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
/** A receipt or credit note of payment `paymentId`, issued at `at` (ISO). */
const receipt = (number: number, paymentId: string, kind: 'receipt' | 'credit_note', totalOre: number, at: string) => ({
  number,
  kind,
  paymentId,
  issuedAt: new Date(at),
  description: 'Premium',
  plan: 'monthly' as const,
  periodStart: new Date(at),
  periodEnd: new Date(at),
  totalOre,
  vatOre: Math.round(totalOre / 5),
  sellerName: 'Soloprenør AS',
  sellerOrgNumber: '931482675',
  sellerAddress: 'Bergen',
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
      // monthly, monthly-2, yearly, granted: not "expired", whose Premium ended (as a refunded buyer's does)
      premium: 4,
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
    expect(body.months[0]).toEqual({ month: '2026-11', gross: 0, refunds: 0, net: 0, count: 0 });
    expect(body.months[11]!.month).toBe('2025-12');
    expect(body.months.every((m) => m.gross === 0)).toBe(true);
  });

  it('sums NOK payments per Oslo calendar month: gross when paid, refunds when credited, and net', async () => {
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
    // e was paid in October and refunded in full in November; b in part (500 kr) in November.
    await t.db
      .insert(receipts)
      .values([
        receipt(1, 'e', 'receipt', 39900, '2026-10-16T12:00:00Z'),
        receipt(2, 'e', 'credit_note', -39900, '2026-11-03T09:00:00Z'),
        receipt(3, 'b', 'receipt', 199500, '2026-11-20T10:00:00Z'),
        receipt(4, 'b', 'credit_note', -50000, '2026-11-21T09:00:00Z'),
      ]);
    const body = await revenue();
    expect(body.months[0]).toEqual({
      month: '2026-11',
      gross: 399 + 1995 + 399,
      refunds: 399 + 500,
      net: 399 + 1995 + 399 - 899,
      count: 3,
    });
    // October keeps its sale though it was refunded since: never "0 kr, 0 betalinger".
    expect(body.months[1]).toEqual({ month: '2026-10', gross: 399 + 399, refunds: 0, net: 399 + 399, count: 2 });
    expect(body.totalPaid).toBe(399 + 1995 + 399 + 399 + 399 + 1995);
    expect(body.totalRefunded).toBe(899);
    expect(body.paymentsCount).toBe(6);
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
      // Cancelled, resumed and cancelled again: one subscription cancelled.
      { subscriptionId: 'c', kind: 'canceled', status: 'canceled', at: ago(3 * DAY) },
      { subscriptionId: 'c', kind: 'resumed', status: 'active', at: ago(2 * DAY) },
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
    const iso = (d: Date) => d.toISOString();
    await t.db
      .insert(receipts)
      .values([
        receipt(1, 'r1', 'receipt', 39900, iso(ago(3 * DAY))),
        receipt(2, 'r1', 'credit_note', -39900, iso(ago(DAY))),
        receipt(3, 'r2', 'receipt', 199500, iso(ago(60 * DAY))),
        receipt(4, 'r2', 'credit_note', -199500, iso(ago(50 * DAY))),
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
