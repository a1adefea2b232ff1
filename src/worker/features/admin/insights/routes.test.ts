import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { analyticsEvents, leads, lessonCompletions, lessons, subscriptionEvents, subscriptions, users } from '#db/schema';
import { adminTestApp, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { expectJson } from '#support/typed-body';
import { isoWeek, osloMonths, osloWeeks } from './periods';

const ctx = adminTestApp();
const api = () => ctx.s.api.admin.insights;

/** The test clock's now is Saturday 2026-11-21 10:00 in Oslo (week 47); November is UTC+1 there, October until the 25th UTC+2. */
const at = (iso: string) => new Date(iso);

async function seedFunnel() {
  const { db } = ctx.t;
  await db.insert(analyticsEvents).values([
    { eventName: 'page_view', props: { utmSource: 'nyhetsbrev' }, createdAt: at('2026-11-02T08:00:00Z') },
    // Sunday 23:30 in Oslo: still week 45.
    { eventName: 'page_view', props: { utmSource: 'nyhetsbrev' }, createdAt: at('2026-11-08T22:30:00Z') },
    // Monday 00:30 in Oslo: week 46, though still Sunday in UTC.
    { eventName: 'page_view', props: null, createdAt: at('2026-11-08T23:30:00Z') },
    { eventName: 'cta_hero_click', props: null, createdAt: at('2026-11-03T08:00:00Z') },
  ]);
  await db.insert(leads).values([
    {
      id: 'l1',
      email: 'kari@example.no',
      source: 'landing_page',
      utmSource: 'nyhetsbrev',
      createdAt: at('2026-11-03T09:00:00Z'),
    },
    { id: 'l2', email: 'ola@example.no', source: 'landing_page', createdAt: at('2026-11-04T09:00:00Z') },
  ]);
  // Opening the link makes the account, then names it on the lead.
  await db.insert(users).values({ id: 'kari', email: 'kari@example.no', createdAt: at('2026-11-05T09:00:00Z') });
  await db.update(leads).set({ userId: 'kari' }).where(eq(leads.id, 'l1'));
  const [first, second] = await db.select({ id: lessons.id, moduleId: lessons.moduleId }).from(lessons).limit(2);
  // Two lessons in week 46: one first lesson.
  await db.insert(lessonCompletions).values([
    { userId: 'kari', lessonId: first!.id, moduleId: first!.moduleId, completedAt: at('2026-11-10T09:00:00Z') },
    { userId: 'kari', lessonId: second!.id, moduleId: second!.moduleId, completedAt: at('2026-11-11T09:00:00Z') },
  ]);
  await subscribe('kari', 'monthly', '2026-11-12T09:00:00Z');
}

/** A subscription started at `start` (and ended with `end`), as the lifecycle records it: the row, then its history. */
async function subscribe(
  id: string,
  plan: 'monthly' | 'yearly',
  start: string,
  end?: { kind: 'expired' | 'refunded'; at: string },
) {
  const { db } = ctx.t;
  await db.insert(subscriptions).values({
    id,
    userId: id === 'kari' ? 'kari' : null,
    plan,
    provider: 'test',
    amountOre: plan === 'yearly' ? 199500 : 39900,
    currentPeriodStart: at(start),
    currentPeriodEnd: at(end?.at ?? '2026-12-31T00:00:00Z'),
    updatedAt: at(start),
  });
  await db.insert(subscriptionEvents).values({ subscriptionId: id, kind: 'started', status: 'active', at: at(start) });
  if (end) await db.insert(subscriptionEvents).values({ subscriptionId: id, kind: end.kind, status: 'expired', at: at(end.at) });
}

const zero = { visitors: 0, leads: 0, confirmed: 0, firstLesson: 0, premium: 0 };

describe('periods in Oslo time', () => {
  it('names ISO weeks by their Thursday and ends each week at Monday midnight in Oslo', () => {
    expect(isoWeek('2026-11-16')).toBe('2026-W47');
    expect(isoWeek('2026-12-28')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    const weeks = osloWeeks(Date.UTC(2026, 10, 21, 9), 2);
    expect(weeks.map((w) => [w.label, w.monday, new Date(w.start).toISOString()])).toEqual([
      ['2026-W46', '2026-11-09', '2026-11-08T23:00:00.000Z'],
      ['2026-W47', '2026-11-16', '2026-11-15T23:00:00.000Z'],
    ]);
    // Across the change to summer time, a month begins at 22:00 UTC.
    expect(osloMonths(Date.UTC(2026, 3, 10), 2).map((m) => [m.label, new Date(m.start).toISOString()])).toEqual([
      ['2026-03', '2026-02-28T23:00:00.000Z'],
      ['2026-04', '2026-03-31T22:00:00.000Z'],
    ]);
  });
});

describe('GET /api/admin/insights/funnel', () => {
  beforeEach(seedFunnel);

  it('counts each step per Oslo week, overall and for one UTM source', async () => {
    const all = await expectJson(api().funnel.$get({ query: {} }));
    expect(all.weeks).toHaveLength(26);
    expect(all.weeks[0]).toMatchObject({ week: '2026-W22', start: '2026-05-25' });
    const byWeek = Object.fromEntries(all.weeks.map(({ week, start: _start, ...counts }) => [week, counts]));
    expect(byWeek['2026-W44']).toEqual(zero);
    expect(byWeek['2026-W45']).toEqual({ visitors: 2, leads: 2, confirmed: 1, firstLesson: 0, premium: 0 });
    expect(byWeek['2026-W46']).toEqual({ visitors: 1, leads: 0, confirmed: 0, firstLesson: 1, premium: 1 });
    expect(all.utmSource).toBeNull();
    expect(all.sources).toEqual(['nyhetsbrev']);

    const newsletter = await expectJson(api().funnel.$get({ query: { utmSource: 'nyhetsbrev', weeks: '3' } }));
    expect(newsletter.utmSource).toBe('nyhetsbrev');
    expect(newsletter.weeks.map(({ week, start: _start, ...counts }) => [week, counts])).toEqual([
      ['2026-W45', { visitors: 2, leads: 1, confirmed: 1, firstLesson: 0, premium: 0 }],
      ['2026-W46', { visitors: 0, leads: 0, confirmed: 0, firstLesson: 1, premium: 1 }],
      ['2026-W47', zero],
    ]);
  });

  it('refuses a bad week count or source (400) and an unknown source (404)', async () => {
    for (const weeks of ['0', '53', 'tre', '2.5']) {
      await expectApiError(
        await api().funnel.$get({ query: { weeks } }),
        400,
        'validation_error',
        'Ugyldig verdi for «weeks»: Antall uker må være et helt tall fra 1 til 52',
      );
    }
    await expectApiError(
      await api().funnel.$get({ query: { utmSource: 'x'.repeat(101) } }),
      400,
      'validation_error',
      'Ugyldig verdi for «utmSource»: UTM-kilden er for lang',
    );
    await expectApiError(
      await api().funnel.$get({ query: { utmSource: 'ukjent' } }),
      404,
      'not_found',
      'Ingen leads har kommet fra UTM-kilden «ukjent».',
    );
  });
});

describe('GET /api/admin/insights/subscriptions and /cohorts', () => {
  beforeEach(async () => {
    await subscribe('a', 'monthly', '2026-08-10T10:00:00Z', { kind: 'expired', at: '2026-10-10T10:00:00Z' });
    await subscribe('b', 'yearly', '2026-09-05T10:00:00Z');
    await subscribe('c', 'monthly', '2026-09-20T10:00:00Z', { kind: 'refunded', at: '2026-09-25T10:00:00Z' });
    // 00:30 on 1 October in Oslo: October's, though still September in UTC.
    await subscribe('d', 'monthly', '2026-09-30T22:30:00Z');
  });

  it('gives MRR at each month end, the started and ended, and churn against those subscribed at its start', async () => {
    const { months } = await expectJson(api().subscriptions.$get({ query: {} }));
    expect(months).toHaveLength(12);
    expect(months[0]!.month).toBe('2025-12');
    expect(months.slice(-5)).toEqual([
      { month: '2026-07', mrr: 0, started: 0, ended: 0, churnPct: null },
      { month: '2026-08', mrr: 399, started: 1, ended: 0, churnPct: null },
      // a (399) and b (1995 / 12 = 166.25): 565; c came and went.
      { month: '2026-09', mrr: 565, started: 2, ended: 1, churnPct: 100 },
      { month: '2026-10', mrr: 565, started: 1, ended: 1, churnPct: 50 },
      { month: '2026-11', mrr: 565, started: 0, ended: 0, churnPct: 0 },
    ]);
  });

  it('follows each month of purchase: the share still subscribed at the end of each month after it', async () => {
    const { cohorts } = await expectJson(api().cohorts.$get({ query: {} }));
    expect(cohorts).toHaveLength(14);
    expect(cohorts[0]).toEqual({ month: '2025-10', size: 0, retained: [] });
    expect(cohorts.slice(-4)).toEqual([
      { month: '2026-08', size: 1, retained: [100, 0] },
      { month: '2026-09', size: 2, retained: [50] },
      { month: '2026-10', size: 1, retained: [] },
      { month: '2026-11', size: 0, retained: [] },
    ]);
    const short = await expectJson(api().cohorts.$get({ query: { months: '2' } }));
    expect(short.cohorts.map((c) => c.month)).toEqual(['2026-10', '2026-11']);
  });

  it('refuses a bad month count (400)', async () => {
    const message = 'Ugyldig verdi for «months»: Antall måneder er utenfor det som kan vises';
    for (const months of ['0', '37', 'mange'])
      await expectApiError(await api().subscriptions.$get({ query: { months } }), 400, 'validation_error', message);
    for (const months of ['0', '25'])
      await expectApiError(await api().cohorts.$get({ query: { months } }), 400, 'validation_error', message);
  });
});

describe('access', () => {
  it('only an admin reads Innsikt (401, 403), and an unknown chart is a 404', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', '/api/admin/insights/funnel'],
      ['GET', '/api/admin/insights/subscriptions'],
      ['GET', '/api/admin/insights/cohorts'],
    ]);
    await expectApiError(await ctx.s.asAdmin('/api/admin/insights/visitors'), 404, 'not_found');
  });
});
