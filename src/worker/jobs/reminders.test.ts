import { simpleParser } from 'mailparser';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { lessons, mailQueue, reminderSettings } from '#db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#support/app';
import { smtpSink } from '#support/smtp-sink';
import { smtpMailer } from '#worker/platform/mailer/smtp';
import { runReminders } from './reminders';

let t: TestApp;
afterEach(() => t?.close());

/** A seeded app whose clock starts at `iso` (UTC). */
async function appAt(iso: string) {
  t = await createTestApp({ seed: true, now: Date.parse(iso) });
  // The first run ever: the seeded lessons are the baseline, never announced.
  await run();
}
const run = () => runReminders(t.deps, t.clock.now());

/** A learner signed in, with reminders on (`remind`) and a visit today (a streak of one). */
async function learner(email: string, opts: { remind?: boolean; visit?: boolean } = {}) {
  const { sessionToken: token } = await t.signIn(email);
  if (opts.remind ?? true) {
    const res = await t.as(token).account.reminders.$put({ json: { enabled: true } });
    expect(res.status).toBe(200);
  }
  if (opts.visit ?? true) await visit(token);
  return token;
}
const visit = (token: string) => t.as(token).guide.streak.$post();
const complete = (token: string, moduleId: string, lessonIds: string[]) =>
  t.as(token).guide.progress.$post({ json: { moduleId, completedSections: lessonIds } });

/** Reminder mails queued for `email`: their subjects, oldest first. */
const reminded = async (email: string) =>
  (
    await t.db
      .select({ subject: mailQueue.subject })
      .from(mailQueue)
      .where(sql`${mailQueue.to} = ${email} AND ${mailQueue.dedupeKey} LIKE 'reminder:%'`)
      .orderBy(mailQueue.id)
  ).map((r) => r.subject);

/** Moves the clock to `iso` (UTC), forward only. */
const at = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now());

/** A new free lesson published in `moduleId` now. */
const publishLesson = (id: string, moduleId: string, extra: Partial<typeof lessons.$inferInsert> = {}) =>
  t.db.insert(lessons).values({ id, moduleId, title: `Ny leksjon ${id}`, order: 99, status: 'published', ...extra });

describe('streak reminders', () => {
  it('go from 18:00 Oslo time to a learner whose streak ends tonight, once', async () => {
    await appAt('2026-11-23T10:00:00Z');
    await learner('kari@example.no');
    at('2026-11-24T16:59:00Z'); // 17:59 in Oslo (UTC+1)
    expect(await run()).toMatchObject({ streak: 0 });
    at('2026-11-24T17:00:00Z');
    expect(await run()).toMatchObject({ streak: 1 });
    at('2026-11-24T20:00:00Z');
    expect(await run()).toMatchObject({ streak: 0 });
    expect(await reminded('kari@example.no')).toEqual(['Streaken din på 1 dag slutter i kveld']);
  });

  it('go to nobody who was active today, who has no streak left, or who did not ask', async () => {
    await appAt('2026-11-22T10:00:00Z');
    const active = await learner('aktiv@example.no');
    await learner('brutt@example.no');
    await learner('ikke@example.no', { remind: false });
    const off = await learner('av@example.no');
    await t.as(off).account.reminders.$put({ json: { enabled: false } });
    at('2026-11-23T10:00:00Z');
    await visit(active);
    at('2026-11-24T10:00:00Z');
    await visit(active);
    await run();
    at('2026-11-24T18:00:00Z');
    expect(await run()).toMatchObject({ streak: 0 });
    for (const email of ['aktiv', 'brutt', 'ikke', 'av']) expect(await reminded(`${email}@example.no`)).toEqual([]);
  });

  it('names the streak in days', async () => {
    await appAt('2026-11-20T10:00:00Z');
    const token = await learner('kari@example.no');
    for (const day of ['21', '22']) {
      at(`2026-11-${day}T10:00:00Z`);
      await visit(token);
    }
    at('2026-11-23T19:00:00Z');
    await run();
    expect(await reminded('kari@example.no')).toEqual(['Streaken din på 3 dager slutter i kveld']);
  });

  it('follow Oslo time across the changes to and from summer time', async () => {
    await appAt('2026-03-28T10:00:00Z');
    await learner('var@example.no');
    // 29 March: clocks go forward at 02:00; 18:00 in Oslo is 16:00 UTC.
    at('2026-03-29T15:59:00Z');
    expect(await run()).toMatchObject({ streak: 0 });
    at('2026-03-29T16:00:00Z');
    expect(await run()).toMatchObject({ streak: 1 });

    t.close();
    await appAt('2026-10-24T10:00:00Z');
    await learner('host@example.no');
    // 25 October: clocks go back at 03:00; 18:00 in Oslo is 17:00 UTC.
    at('2026-10-25T16:30:00Z');
    expect(await run()).toMatchObject({ streak: 0 });
    at('2026-10-25T17:00:00Z');
    expect(await run()).toMatchObject({ streak: 1 });
  });
});

describe('new-lesson reminders', () => {
  it('go to learners who finished a lesson in its module and not yet this one, once', async () => {
    await appAt('2026-11-24T09:00:00Z');
    const started = await learner('begynt@example.no', { visit: false });
    await complete(started, 'mindset', ['mindset-quick-win']);
    const other = await learner('annen@example.no', { visit: false });
    await complete(other, 'niche', ['niche-quick-win']);
    await learner('ingen@example.no', { visit: false });
    const done = await learner('ferdig@example.no', { visit: false });
    await publishLesson('mindset-ny', 'mindset');
    await complete(done, 'mindset', ['mindset-quick-win', 'mindset-ny']);

    expect(await run()).toMatchObject({ announced: 1, newLesson: 0 });
    at('2026-11-24T18:00:00Z');
    expect(await run()).toMatchObject({ announced: 0, newLesson: 1 });
    at('2026-11-25T18:00:00Z');
    expect(await run()).toMatchObject({ newLesson: 0 });
    expect(await reminded('begynt@example.no')).toEqual(['Ny leksjon: Ny leksjon mindset-ny']);
    for (const email of ['annen', 'ingen', 'ferdig']) expect(await reminded(`${email}@example.no`)).toEqual([]);
  });

  it('wait for publishAt and for a draft to be published', async () => {
    await appAt('2026-11-24T09:00:00Z');
    const token = await learner('kari@example.no', { visit: false });
    await complete(token, 'mindset', ['mindset-quick-win']);
    await publishLesson('mindset-senere', 'mindset', { publishAt: new Date(Date.parse('2026-11-26T08:00:00Z')) });
    await publishLesson('mindset-utkast', 'mindset', { status: 'draft' });
    at('2026-11-24T18:00:00Z');
    expect(await run()).toMatchObject({ announced: 0, newLesson: 0 });
    at('2026-11-26T18:00:00Z');
    expect(await run()).toMatchObject({ announced: 1, newLesson: 1 });
    expect(await reminded('kari@example.no')).toEqual(['Ny leksjon: Ny leksjon mindset-senere']);
  });

  it('never make a second reminder the same day: the streak goes first, the lesson the next evening', async () => {
    await appAt('2026-11-23T10:00:00Z');
    const token = await learner('kari@example.no');
    await complete(token, 'mindset', ['mindset-quick-win']);
    await publishLesson('mindset-ny', 'mindset');
    at('2026-11-24T18:00:00Z');
    expect(await run()).toMatchObject({ streak: 1, newLesson: 0 });
    at('2026-11-25T18:00:00Z');
    expect(await run()).toMatchObject({ streak: 0, newLesson: 1 });
    expect(await reminded('kari@example.no')).toEqual([
      'Streaken din på 1 dag slutter i kveld',
      'Ny leksjon: Ny leksjon mindset-ny',
    ]);
  });

  it('leave a premium lesson to premium learners', async () => {
    await appAt('2026-11-24T09:00:00Z');
    const token = await learner('kari@example.no', { visit: false });
    await complete(token, 'mindset', ['mindset-quick-win']);
    await publishLesson('mindset-premium', 'mindset', { isPremium: true });
    at('2026-11-24T18:00:00Z');
    expect(await run()).toMatchObject({ announced: 1, newLesson: 0 });
  });
});

describe('a reminder through a real SMTP server', () => {
  const smtp = smtpSink();
  afterEach(() => smtp.stop());

  it('has both parts, the link into the guide, and a turn-off link that works in one click without signing in', async () => {
    await smtp.start();
    await appAt('2026-11-23T10:00:00Z');
    const token = await learner('kari@example.no');
    t.deps.mailer = smtpMailer(smtp.url, 'Soloprenør <hei@soloprenor.no>', { heloName: 'soloprenor.no', timeoutMs: 2000 });
    at('2026-11-24T18:00:00Z');
    await run();
    await t.deliverMail();
    expect(smtp.inbox.map((m) => m.to)).toEqual([['kari@example.no']]);
    const mail = await simpleParser(smtp.inbox[0]!.raw);
    const [setting] = await t.db.select().from(reminderSettings);
    const off = `${TEST_ORIGIN}/api/reminders/off?token=${setting!.offToken}`;
    expect(mail.subject).toBe('Streaken din på 1 dag slutter i kveld');
    expect(smtp.inbox[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: off } });
    expect(mail.text).toContain('Du har vært innom guiden 1 dag på rad.');
    expect(mail.text).toContain(`Fortsett i guiden: ${TEST_ORIGIN}/guide`);
    expect(mail.text).toContain(`Slå av påminnelser med ett klikk: ${off}`);
    expect(mail.html).toContain(`<a href="${TEST_ORIGIN}/guide"`);
    expect(mail.html).toContain(`<a href="${off}"`);

    const res = await t.app.request(new URL(off).pathname + new URL(off).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await t.db.select().from(reminderSettings).where(eq(reminderSettings.userId, setting!.userId)))[0]!.enabled).toBe(
      false,
    );
    // A streak that would be reminded tomorrow evening: it is not, reminders are off.
    at('2026-11-25T10:00:00Z');
    await visit(token);
    at('2026-11-26T18:00:00Z');
    expect(await run()).toMatchObject({ streak: 0 });
  });
});
