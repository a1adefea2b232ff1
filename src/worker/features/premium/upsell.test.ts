import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignEvents, campaigns, lessonCompletions, users } from '#db/schema';
import type { UpsellEvent } from '#shared/schemas/premium';
import { DAY, HOUR } from '#shared/time';
import { appPerTest } from '#support/app';
import { budgetedClient } from '#support/budgeted-client';
import { expectApiError } from '#support/errors';

const t = appPerTest({ seed: true });

/** The typed client as `token`'s user, asserting the round-trip budget (the session's hourly slide is spent first). */
async function as(token: string) {
  await t.as(token).auth.me.$get();
  return budgetedClient(t, token);
}

/** An event as sent, bodies the client's types refuse among them, within the round-trip budget. */
async function sendEvent(token: string, json: unknown) {
  await t.as(token).auth.me.$get();
  t.roundTrips.reset();
  const res = await t.request('/api/premium/upsell/events', { token, json });
  expect(t.roundTrips.count, 'database round trips').toBeLessThanOrEqual(2);
  return res;
}

async function upsellFor(token: string) {
  const res = await (await as(token)).premium.upsell.$get();
  expect(res.status).toBe(200);
  return (await res.json()).upsell;
}

const shown: UpsellEvent = { campaignId: 'default', kind: 'shown', placement: 'modal', reason: 'visit' };
async function record(token: string, event: UpsellEvent = shown) {
  const res = await (await as(token)).premium.upsell.events.$post({ json: event });
  expect(res.status).toBe(200);
  return res.json();
}

const setCampaign = (values: Partial<typeof campaigns.$inferInsert>) =>
  t.db.update(campaigns).set(values).where(eq(campaigns.id, 'default'));
const freeUser = (email = 'kari@example.no') => t.signIn(email);
const completeALesson = (userId: string) =>
  t.db.insert(lessonCompletions).values({ userId, lessonId: 'mindset-quick-win', moduleId: 'mindset' });

/** A free user who completed a lesson in their first session and has signed in again a day later. */
async function returningLearner(email = 'kari@example.no') {
  const first = await freeUser(email);
  await completeALesson(first.user.id);
  t.clock.advance(DAY);
  return freeUser(email);
}

describe('GET /api/premium/upsell', () => {
  it('answers 401 without a session', async () => {
    await expectApiError(await t.api.premium.upsell.$get(), 401, 'unauthenticated');
  });

  it('opens no modal before a lesson is completed, nor in the session that created the account', async () => {
    const first = await freeUser();
    expect((await upsellFor(first.sessionToken))!.showModal).toBe(false);
    // A lesson completed in the first session: still that session, still no modal.
    await completeALesson(first.user.id);
    expect((await upsellFor(first.sessionToken))!.showModal).toBe(false);
    // A later session without a completed lesson: no modal either.
    const ola = await freeUser('ola@example.no');
    t.clock.advance(DAY);
    const olaAgain = await freeUser('ola@example.no');
    expect((await upsellFor(olaAgain.sessionToken))!.showModal).toBe(false);
    // The first session, a day on, is still the first.
    expect((await upsellFor(first.sessionToken))!.showModal).toBe(false);
    expect((await upsellFor(ola.sessionToken))!.showModal).toBe(false);
  });

  it('can open the modal after a completed lesson, in a later session', async () => {
    const { sessionToken } = await returningLearner();
    expect((await upsellFor(sessionToken))!.showModal).toBe(true);
  });

  it('gives a new user the active campaign as users see it, but no modal in their first session', async () => {
    const { sessionToken } = await freeUser();
    const upsell = await upsellFor(sessionToken);
    expect(upsell).toMatchObject({
      campaign: { id: 'default', title: 'Premium-tilgang', displayType: 'modal', colorScheme: 'orange', ctaText: 'Oppgrader nå' },
      showModal: false,
      firstModuleDone: false,
      spotsLeft: null,
    });
    expect(upsell!.campaign).not.toHaveProperty('name');
  });

  it('opens the modal at most once a day, on any device, and again the next Oslo day', async () => {
    const { sessionToken } = await returningLearner();
    expect((await upsellFor(sessionToken))!.showModal).toBe(true);
    expect(await record(sessionToken)).toEqual({ recorded: true });
    expect((await upsellFor(sessionToken))!.showModal).toBe(false);

    const otherDevice = await freeUser();
    expect((await upsellFor(otherDevice.sessionToken))!.showModal).toBe(false);

    // 10:00 in Oslo, a day after sign-up: 13 hours later is still the same day, 14 hours later is the next.
    t.clock.advance(13 * HOUR + 59 * 60_000);
    expect((await upsellFor(sessionToken))!.showModal).toBe(false);
    t.clock.advance(HOUR);
    expect((await upsellFor(sessionToken))!.showModal).toBe(true);
  });

  it('never opens a modal for a sidebar or full-page campaign, and says how many spots are really left', async () => {
    await setCampaign({ displayType: 'sidebar', urgencyType: 'limited_spots', urgencyValue: '50' });
    const { sessionToken } = await freeUser();
    expect(await upsellFor(sessionToken)).toMatchObject({
      campaign: { displayType: 'sidebar' },
      showModal: false,
      spotsLeft: 50,
    });
    await setCampaign({ displayType: 'fullpage' });
    expect(await upsellFor(sessionToken)).toMatchObject({ campaign: { displayType: 'fullpage' }, showModal: false });
  });

  it('has nothing to show when no campaign is active', async () => {
    await setCampaign({ isActive: false });
    const { sessionToken } = await freeUser();
    expect(await upsellFor(sessionToken)).toBeNull();
  });

  it('gives Premium users and admins nothing, without reading a campaign', async () => {
    const premium = await freeUser('premium@example.no');
    await t.db
      .update(users)
      .set({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: new Date(t.clock.now() + 30 * DAY) })
      .where(eq(users.id, premium.user.id));
    expect(await upsellFor(premium.sessionToken)).toBeNull();

    const admin = await t.signIn('admin@soloprenor.no');
    expect(admin.user.role).toBe('owner');
    await t.as(admin.sessionToken).auth.me.$get();
    t.roundTrips.reset();
    expect(await (await t.as(admin.sessionToken).premium.upsell.$get()).json()).toEqual({ upsell: null });
    expect(t.roundTrips.count).toBe(1);
  });

  it('offers it again when Premium has ended', async () => {
    const { sessionToken, user } = await freeUser();
    await t.db
      .update(users)
      .set({ isPremium: true, premiumPlan: 'monthly', premiumEndDate: new Date(t.clock.now() + DAY) })
      .where(eq(users.id, user.id));
    expect(await upsellFor(sessionToken)).toBeNull();
    t.clock.advance(DAY + HOUR);
    expect(await upsellFor(sessionToken)).not.toBeNull();
  });

  it('shows it again right after the first free module is finished (even after today’s modal), once', async () => {
    // mindset's free lessons: Quick Win, Deep Dive and the quiz (Master Class is premium); Quick Win done in the first session.
    const { sessionToken, user } = await returningLearner();
    await record(sessionToken);
    expect(await upsellFor(sessionToken)).toMatchObject({ firstModuleDone: false, showModal: false });
    await t.db.insert(lessonCompletions).values([
      { userId: user.id, lessonId: 'mindset-deep-dive', moduleId: 'mindset' },
      { userId: user.id, lessonId: 'mindset-quiz', moduleId: 'mindset' },
    ]);
    expect(await upsellFor(sessionToken)).toMatchObject({ firstModuleDone: true, showModal: true });

    await record(sessionToken, { ...shown, reason: 'first_module' });
    expect(await upsellFor(sessionToken)).toMatchObject({ firstModuleDone: false, showModal: false });
  });
});

describe('POST /api/premium/upsell/events', () => {
  it('answers 401 without a session', async () => {
    await expectApiError(await t.api.premium.upsell.events.$post({ json: shown }), 401, 'unauthenticated');
  });

  it('refuses bad input with 400', async () => {
    const { sessionToken } = await freeUser();
    for (const bad of [
      {},
      { ...shown, kind: 'liked' },
      { ...shown, placement: 'popup' },
      { ...shown, reason: 'because' },
      { ...shown, campaignId: '' },
    ]) {
      await expectApiError(await sendEvent(sessionToken, bad), 400, 'validation_error');
    }
    expect(await t.db.select().from(campaignEvents)).toEqual([]);
  });

  it('answers 404 for a campaign that does not exist', async () => {
    const { sessionToken } = await freeUser();
    await expectApiError(
      await (await as(sessionToken)).premium.upsell.events.$post({ json: { ...shown, campaignId: 'finnes-ikke' } }),
      404,
      'not_found',
      'Fant ikke kampanjen.',
    );
    expect(await t.db.select().from(campaignEvents)).toEqual([]);
  });

  it('answers 403 to Premium users and admins, who are never shown one', async () => {
    const premium = await freeUser('premium@example.no');
    await t.db.update(users).set({ isPremium: true, premiumPlan: 'admin_granted' }).where(eq(users.id, premium.user.id));
    await expectApiError(await (await as(premium.sessionToken)).premium.upsell.events.$post({ json: shown }), 403, 'no_upsell');
    const admin = await t.signIn('admin@soloprenor.no');
    await expectApiError(await (await as(admin.sessionToken)).premium.upsell.events.$post({ json: shown }), 403, 'no_upsell');
    expect(await t.db.select().from(campaignEvents)).toEqual([]);
  });

  it('records each event once per user and Oslo day', async () => {
    const { sessionToken, user } = await freeUser();
    const click: UpsellEvent = { ...shown, kind: 'clicked' };
    expect(await record(sessionToken)).toEqual({ recorded: true });
    expect(await record(sessionToken)).toEqual({ recorded: false });
    expect(await record(sessionToken, click)).toEqual({ recorded: true });
    t.clock.advance(DAY);
    expect(await record(sessionToken)).toEqual({ recorded: true });
    const rows = await t.db.select().from(campaignEvents).where(eq(campaignEvents.userId, user.id));
    expect(rows.map(({ kind, placement, reason, day }) => ({ kind, placement, reason, day }))).toEqual(
      expect.arrayContaining([
        { kind: 'shown', placement: 'modal', reason: 'visit', day: '2026-11-21' },
        { kind: 'clicked', placement: 'modal', reason: 'visit', day: '2026-11-21' },
        { kind: 'shown', placement: 'modal', reason: 'visit', day: '2026-11-22' },
      ]),
    );
    expect(rows).toHaveLength(3);
  });
});

describe('the admin campaign card’s reach', () => {
  it('counts the distinct users who saw and who clicked each campaign; deleting the campaign deletes its events', async () => {
    const kari = await freeUser('kari@example.no');
    const ola = await freeUser('ola@example.no');
    await record(kari.sessionToken);
    await record(kari.sessionToken, { ...shown, kind: 'clicked' });
    await record(ola.sessionToken, { ...shown, placement: 'sidebar' });
    t.clock.advance(DAY);
    await record(kari.sessionToken);
    await record(kari.sessionToken, { ...shown, kind: 'clicked' });

    const admin = await t.signIn('admin@soloprenor.no');
    const res = await (await as(admin.sessionToken)).admin.campaigns.$get();
    if (res.status !== 200) throw new Error(`campaigns: ${res.status}`);
    const { campaigns: list } = await res.json();
    expect(list.find((c) => c.id === 'default')!.reach).toEqual({ seen: 2, clicked: 1, purchased: 0 });

    const deleted = await t.as(admin.sessionToken).admin.campaigns[':id'].$delete({ param: { id: 'default' } });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(campaignEvents)).toEqual([]);
  });

  it('is erased with the user', async () => {
    const kari = await freeUser();
    await record(kari.sessionToken);
    await t.db.delete(users).where(eq(users.id, kari.user.id));
    expect(await t.db.select().from(campaignEvents)).toEqual([]);
  });
});
