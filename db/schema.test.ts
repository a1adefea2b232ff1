import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/app';
import {
  adminAuditLog,
  analyticsEvents,
  guideActions,
  leads,
  lessonCompletions,
  lessonNotes,
  lessonPosts,
  payments,
  postReports,
  sessions,
  streaks,
  users,
  xpAwards,
} from './schema';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ seed: true });
});
afterEach(() => t.close());

const NOW = new Date(Date.UTC(2026, 10, 21, 9));

/** Gives a user one row in every table that describes them. */
async function userWithData(id: string, email: string) {
  await t.db.insert(users).values({ id, email });
  await t.db.insert(sessions).values({ tokenHash: `${id}-session`.padEnd(64, '0'), userId: id, expiresAt: NOW, lastUsedAt: NOW });
  await t.db.insert(lessonCompletions).values({ userId: id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
  await t.db.insert(streaks).values({ userId: id, currentStreak: 3, longestStreak: 5, lastActiveDay: '2026-11-21' });
  await t.db.insert(xpAwards).values({ userId: id, key: 'lesson:mindset-quick-win', kind: 'lesson_completed', points: 25 });
  await t.db.insert(lessonNotes).values({ userId: id, lessonId: 'mindset-quick-win', body: 'Notat', bookmarked: true });
  await t.db
    .insert(guideActions)
    .values({ userId: id, moduleId: 'mindset', actionType: 'lesson_completed', targetId: 'mindset-quick-win' });
  await t.db.insert(leads).values({ id: `${id}-lead`, email, userId: id, source: 'landing_page' });
  await t.db.insert(analyticsEvents).values([
    { eventName: 'lesson_completed', userId: id },
    { eventName: 'lead_created', leadId: `${id}-lead` },
  ]);
  await t.db
    .insert(payments)
    .values({ id: `${id}-pay`, userId: id, plan: 'yearly', amount: 1995, provider: 'test', status: 'paid', paidAt: NOW });
  await t.db.insert(adminAuditLog).values({ actorId: id, action: 'user.update', targetType: 'user', targetId: 'x' });
  await t.db.insert(lessonPosts).values({ id: `${id}-question`, lessonId: 'mindset-quick-win', authorId: id, body: 'Hvorfor?' });
  await t.db.insert(postReports).values({ postId: `${id}-question`, reporterId: id });
}

async function rowsOf(id: string) {
  const [s, c, st, l, e, el, p, a, xp, ga, n, lp, pr] = await Promise.all([
    t.db.select().from(sessions).where(eq(sessions.userId, id)),
    t.db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, id)),
    t.db.select().from(streaks).where(eq(streaks.userId, id)),
    t.db
      .select()
      .from(leads)
      .where(eq(leads.id, `${id}-lead`)),
    t.db.select().from(analyticsEvents).where(eq(analyticsEvents.userId, id)),
    t.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.leadId, `${id}-lead`)),
    t.db
      .select()
      .from(payments)
      .where(eq(payments.id, `${id}-pay`)),
    t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, 'x')),
    t.db.select().from(xpAwards).where(eq(xpAwards.userId, id)),
    t.db.select().from(guideActions).where(eq(guideActions.userId, id)),
    t.db.select().from(lessonNotes).where(eq(lessonNotes.userId, id)),
    t.db.select().from(lessonPosts).where(eq(lessonPosts.authorId, id)),
    t.db.select().from(postReports).where(eq(postReports.reporterId, id)),
  ]);
  return {
    sessions: s,
    completions: c,
    streaks: st,
    leads: l,
    userEvents: e,
    leadEvents: el,
    payments: p,
    audit: a,
    xpAwards: xp,
    guideActions: ga,
    notes: n,
    lessonPosts: lp,
    postReports: pr,
  };
}

describe('deleting a user', () => {
  it('removes everything that describes them and keeps payments anonymised', async () => {
    await userWithData('u1', 'kari@example.no');
    await userWithData('u2', 'ola@example.no');
    const before = await rowsOf('u1');
    expect(Object.values(before).every((rows) => rows.length >= 1)).toBe(true);

    await t.db.delete(users).where(eq(users.id, 'u1'));

    const after = await rowsOf('u1');
    expect(after.sessions).toEqual([]);
    expect(after.completions).toEqual([]);
    expect(after.streaks).toEqual([]);
    expect(after.xpAwards).toEqual([]);
    expect(after.guideActions).toEqual([]);
    expect(after.notes).toEqual([]);
    // Their questions and reports go with them (docs/decisions/0046-lesson-questions.md).
    expect(after.lessonPosts).toEqual([]);
    expect(after.postReports).toEqual([]);
    expect(after.leads).toEqual([]);
    expect(after.userEvents).toEqual([]);
    expect(after.leadEvents).toEqual([]);
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ userId: null, amount: 1995, status: 'paid', plan: 'yearly' });
    expect(after.audit.some((row) => row.actorId === null)).toBe(true);

    // The other user is untouched.
    const other = await rowsOf('u2');
    for (const [table, rows] of Object.entries(other)) {
      if (table !== 'audit') expect(rows, table).toHaveLength(1);
    }
    expect(other.payments[0]!.userId).toBe('u2');
  });

  it('refuses rows that point to a user who does not exist', async () => {
    await expect(
      t.db.insert(sessions).values({ tokenHash: 'f'.repeat(64), userId: 'ingen', expiresAt: NOW, lastUsedAt: NOW }),
    ).rejects.toThrow();
  });
});
