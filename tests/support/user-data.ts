import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { tables } from '#db';
import {
  adminAuditLog,
  analyticsEvents,
  leads,
  lessonCompletions,
  magicLinkTokens,
  mailOutbox,
  payments,
  coupons,
  couponRedemptions,
  referrals,
  rateLimits,
  sessions,
  streaks,
  videoPositions,
  lessonNotes,
  quizAttempts,
  quizQuestionStats,
  certificates,
  files,
  memberImportChunks,
  memberImportRows,
  memberImports,
  mailClickRefs,
  users,
  userTags,
  automationSends,
  subscriptions,
  cancellationReasons,
  webhookDeliveries,
  webhookEndpoints,
} from '#db/schema';
import { addressPseudonym } from '#worker/features/privacy/index';
import type { TestApp } from './app';

const NOW = new Date(Date.UTC(2026, 10, 21, 9));

/** Every table of the data model, by SQL name. */
export const tableNames = () => tables.map((table) => getTableConfig(table).name);

/**
 * A user with a row in every table that can describe a person: account, session, sign-in link,
 * outbox mail and rate-limit counter (by address), lead and its events, completed lesson,
 * streak, video position, note, quiz attempt, certificate, payment, an admin action of theirs. Needs the seeded content (`createTestApp({ seed: true })`).
 */
export async function seedUserEverywhere(t: TestApp, u: { id: string; email: string; firstName: string }) {
  // Ids of rows that outlive the user (a payment) must not spell the user's id.
  const lead = `${u.id}-lead`;
  const payment = crypto.randomUUID();
  const subscription = crypto.randomUUID();
  const importId = crypto.randomUUID();
  const hook = crypto.randomUUID();
  // Not named for the person: a code is the shop's, not theirs.
  const coupon = crypto.randomUUID();
  await t.db.insert(users).values({ ...u, phone: '+47 400 00 000', adminNotes: 'VIP', lastLogin: NOW });
  await t.db.batch([
    t.db.insert(sessions).values({ tokenHash: `${u.id}-session`.padEnd(64, '0'), userId: u.id, expiresAt: NOW, lastUsedAt: NOW }),
    t.db
      .insert(magicLinkTokens)
      .values({ tokenHash: `${u.id}-link`.padEnd(64, '0'), email: u.email, codeHash: 'x'.repeat(64), expiresAt: NOW }),
    t.db.insert(mailOutbox).values({ to: u.email, subject: 'Din innloggingslenke', text: 'lenke', html: '<p>lenke</p>' }),
    // Per-address limits are keyed by the address's pseudonym, never the address itself.
    t.db
      .insert(rateLimits)
      .values({ key: `magic-link:email:${await addressPseudonym(t.deps.config, u.email)}`, windowStart: 0, count: 1 }),
    t.db.insert(lessonCompletions).values({ userId: u.id, lessonId: 'mindset-quick-win', moduleId: 'mindset' }),
    t.db.insert(streaks).values({ userId: u.id, currentStreak: 3, longestStreak: 5, lastActiveDay: '2026-11-21' }),
    t.db.insert(videoPositions).values({ userId: u.id, lessonId: 'mindset-quick-win', seconds: 42 }),
    t.db.insert(lessonNotes).values({ userId: u.id, lessonId: 'mindset-quick-win', body: 'Mitt notat', bookmarked: true }),
    t.db.insert(quizAttempts).values({
      id: crypto.randomUUID(),
      userId: u.id,
      lessonId: 'mindset-quick-win',
      answers: [['a']],
      results: [true],
      score: 1,
      passed: true,
    }),
    // Anonymous counts: they name no one and stay when the user goes.
    t.db
      .insert(quizQuestionStats)
      .values({ lessonId: 'mindset-quick-win', questionId: 'q1', firstAnswers: 1, firstWrong: 0 })
      .onConflictDoNothing(),
    t.db.insert(certificates).values({
      id: crypto.randomUUID().replace(/-/g, ''),
      userId: u.id,
      name: u.firstName,
      issuedOn: '2026-11-21',
      modules: 4,
      lessons: 12,
      public: true,
    }),
    // Course files are content, not personal data; the table must only not be empty.
    t.db
      .insert(files)
      .values({ id: crypto.randomUUID().replace(/-/g, ''), name: 'mal.pdf', size: 10, contentType: 'application/pdf' }),
    t.db.insert(leads).values({
      id: lead,
      email: u.email,
      userId: u.id,
      source: 'landing_page',
    }),
    t.db.insert(analyticsEvents).values([
      { eventName: 'cta_hero_click', userId: u.id },
      // Names the user only through their lead.
      { eventName: 'lead_submit', leadId: lead },
    ]),
    t.db
      .insert(payments)
      .values({ id: payment, userId: u.id, plan: 'yearly', amount: 199500, provider: 'test', status: 'paid', paidAt: NOW }),
    // A coupon code used on that payment: the row stays for the books, its user link goes (set null), as the payment's.
    t.db.insert(coupons).values({ id: coupon, code: `KODE${coupon.slice(0, 8)}`.toUpperCase(), percentOff: 20, plans: 'both' }),
    t.db
      .insert(couponRedemptions)
      .values({ paymentId: payment, couponId: coupon, userId: u.id, listOre: 199500, amountOre: 159600, periods: 1 }),
    // Bought through their own «Verv en venn» link: the ledger's row stays, both user links go (set null).
    t.db.insert(referrals).values({ id: crypto.randomUUID(), referrerId: u.id, friendId: u.id, paymentId: payment }),
    t.db.insert(adminAuditLog).values({ actorId: u.id, action: 'user.update', targetType: 'user', targetId: 'someone-else' }),
    t.db.insert(userTags).values({ userId: u.id, tag: 'vip' }),
    t.db
      .insert(automationSends)
      .values({ mailId: 'onboarding-0', triggerId: u.id, kind: 'onboarding', email: u.email, sentAt: NOW }),
    t.db.insert(subscriptions).values({
      id: subscription,
      userId: u.id,
      plan: 'yearly',
      provider: 'test',
      status: 'canceled',
      cancelAtPeriodEnd: true,
      currentPeriodStart: NOW,
      currentPeriodEnd: NOW,
      updatedAt: NOW,
    }),
    t.db.insert(cancellationReasons).values({ subscriptionId: subscription, userId: u.id, reason: 'price' }),
    // A member import's row naming them (the import itself names no one).
    t.db.insert(memberImports).values({ id: importId, format: 'plain', fileHash: 'f'.repeat(64), total: 1 }),
    t.db.insert(memberImportRows).values({
      importId: importId,
      rowNo: 1,
      email: u.email,
      name: u.firstName,
      consentAt: NOW,
      outcome: 'new',
      newUserId: crypto.randomUUID(),
      newLeadId: crypto.randomUUID(),
    }),
    // The same file's rows still waiting for the preview: theirs and someone else's.
    t.db.insert(memberImportChunks).values({
      importId,
      chunkNo: 0,
      rows: JSON.stringify([
        [1, u.email, u.firstName, NOW.getTime(), null, null, null],
        [2, 'noen.andre@example.no', 'Noen', null, null, null, null],
      ]),
    }),
    // The last marketing mail they clicked a link in (attribution of a purchase within 7 days).
    t.db.insert(mailClickRefs).values({ userId: u.id, mailRef: 'newsletter:n1', clickedAt: NOW }),
    // A webhook delivery about them, to an endpoint (the endpoint itself names no one).
    t.db
      .insert(webhookEndpoints)
      .values({ id: hook, url: 'https://hooks.example.com/x', events: ['member.created'], secret: 'whsec_test' }),
    t.db.insert(webhookDeliveries).values({
      id: crypto.randomUUID(),
      endpointId: hook,
      eventId: crypto.randomUUID(),
      event: 'member.created',
      payload: JSON.stringify({ data: { memberId: u.id, email: u.email } }),
      userId: u.id,
      email: u.email,
      nextAttemptAt: NOW,
      queuedAt: NOW,
    }),
  ]);
  return { lead, payment };
}

/**
 * Every row, in every table, whose text mentions one of `needles` (an id, an address, a name),
 * read raw so nothing the schema maps away is missed: `{ table: rows }` for the tables with any.
 */
export async function rowsMentioning(t: TestApp, needles: string[]) {
  const found: Record<string, Record<string, unknown>[]> = {};
  for (const name of tableNames()) {
    const { rows } = await t.client.execute(`SELECT * FROM "${name}"`);
    const hits = rows.filter((row) =>
      Object.values(row).some((v) => typeof v === 'string' && needles.some((n) => v.includes(n))),
    );
    if (hits.length) found[name] = hits.map((row) => ({ ...row }));
  }
  return found;
}
