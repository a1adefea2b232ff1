import { simpleParser } from 'mailparser';
import { eq, like, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leads, mailQueue, welcomeSends, welcomeSteps } from '#db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#support/app';
import { smtpSink } from '#support/smtp-sink';
import { DAY, HOUR } from '#shared/time';
import { unsubscribeLinks } from '#worker/features/privacy/index';
import { smtpMailer } from '#worker/platform/mailer/smtp';
import { runWelcomeSeries } from './welcome-series';

let t: TestApp;
beforeEach(async () => {
  // The clock starts at the real time: sign-ups and the seeded steps are stamped by the database.
  t = await createTestApp({ seed: true, now: Date.now() });
});
afterEach(() => t.close());

const KARI = 'kari@example.no';

/** A sign-up through the landing's form; `confirm`: its link used, so consent stands granted. */
async function signUp(email: string, confirm = true) {
  await t.api.lead.$post({ json: { email, acceptTerms: true, consentMarketing: true } });
  // Stamped by the database's clock: set to the test's.
  await signedUpAgo(email, 0);
  if (confirm) await t.api.auth.verify.$get({ query: { token: (await t.latestMail(email))!.token! } });
}
/** The sign-up happened `days` ago. */
const signedUpAgo = (email: string, days: number) =>
  t.db
    .update(leads)
    .set({ createdAt: new Date(t.clock.now() - days * DAY) })
    .where(eq(leads.email, email));

const run = () => runWelcomeSeries(t.deps, t.clock.now());
/** The welcome mails queued for `email`, subjects in the order queued. */
const welcomeMail = async (email: string) =>
  (
    await t.db
      .select({ subject: mailQueue.subject })
      .from(mailQueue)
      .where(sql`${mailQueue.to} = ${email} AND ${mailQueue.dedupeKey} LIKE 'welcome:%'`)
      .orderBy(mailQueue.id)
  ).map((r) => r.subject);
const steps = () => t.db.select().from(welcomeSteps).orderBy(welcomeSteps.position);

const DAY0 = 'Velkommen! Her er første steg';
const DAY2 = 'Skriv landingssiden din på fem minutter';
const DAY5 = 'Én idé, ti innlegg: få kundene til å finne deg';

describe('the welcome series job', () => {
  it('sends each step once, when its delay from the sign-up has passed', async () => {
    await signUp(KARI);
    expect(await run()).toEqual({ queued: 1, batches: 1 });
    expect(await welcomeMail(KARI)).toEqual([DAY0]);
    await run();
    t.clock.advance(2 * DAY - HOUR);
    await run();
    expect(await welcomeMail(KARI)).toEqual([DAY0]);
    t.clock.advance(HOUR);
    await run();
    expect(await welcomeMail(KARI)).toEqual([DAY0, DAY2]);
    t.clock.advance(3 * DAY);
    await run();
    await run();
    expect(await welcomeMail(KARI)).toEqual([DAY0, DAY2, DAY5]);
  });

  it('sends nothing to a sign-up that was never confirmed, and catches up once it is', async () => {
    await signUp(KARI, false);
    await run();
    expect(await welcomeMail(KARI)).toEqual([]);
    t.clock.advance(2 * DAY);
    await t.api.auth.verify.$get({ query: { token: (await t.latestMail(KARI))!.token! } }).catch(() => null);
    // The sign-in link has expired by now: the lead confirms with a new one.
    await t.api.lead.$post({ json: { email: KARI, acceptTerms: true, consentMarketing: true } });
    await t.api.auth.verify.$get({ query: { token: (await t.latestMail(KARI))!.token! } });
    await run();
    expect(await welcomeMail(KARI)).toEqual([DAY0, DAY2]);
  });

  it('sends nothing to a confirmed sign-up that accepted the terms but not marketing e-mail', async () => {
    await t.api.lead.$post({ json: { email: KARI, acceptTerms: true } });
    await signedUpAgo(KARI, 0);
    expect((await t.api.auth.verify.$get({ query: { token: (await t.latestMail(KARI))!.token! } })).status).toBe(200);
    await run();
    t.clock.advance(6 * DAY);
    await run();
    expect(await welcomeMail(KARI)).toEqual([]);
  });

  it('stops when consent is withdrawn, also for mail already queued', async () => {
    await signUp(KARI);
    await run();
    const links = await unsubscribeLinks(t.deps.config, KARI);
    const res = await t.app.request(new URL(links.oneClick).pathname + new URL(links.oneClick).search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    t.clock.advance(6 * DAY);
    await run();
    expect(await welcomeMail(KARI)).toEqual([DAY0]);
    expect(await t.db.select().from(welcomeSends)).toHaveLength(1);
  });

  it('never sends a step twice, however the admin edits, moves or re-times it', async () => {
    await signUp(KARI);
    t.clock.advance(2 * DAY);
    await run();
    expect(await welcomeMail(KARI)).toEqual([DAY0, DAY2]);
    const [first, second, third] = await steps();
    const admin = (await t.signIn('admin@soloprenor.no')).sessionToken;
    const edit = { delayDays: 1, subject: 'Ny tekst', markdown: 'Ny tekst' };
    const series = t.as(admin).admin['welcome-series'];
    expect((await series[':id'].$put({ param: { id: first!.id }, json: edit })).status).toBe(200);
    const order = { ids: [third!.id, second!.id, first!.id] };
    expect((await series.order.$put({ json: order })).status).toBe(200);
    await run();
    t.clock.advance(3 * DAY);
    await run();
    expect(await welcomeMail(KARI)).toEqual([DAY0, DAY2, DAY5]);
  });

  it('sends a step added later only to those for whom it comes due from a day before it was added', async () => {
    await signUp(KARI);
    await signUp('ola@example.no');
    await signedUpAgo('ola@example.no', 3);
    await run();
    const admin = (await t.signIn('admin@soloprenor.no')).sessionToken;
    const added = { delayDays: 1, subject: 'Dag én', markdown: 'Hei!' };
    expect((await t.as(admin).admin['welcome-series'].$post({ json: added })).status).toBe(201);
    t.clock.advance(DAY);
    await run();
    expect(await welcomeMail(KARI)).toContain('Dag én');
    // Ola's day one was two days before the step existed.
    expect(await welcomeMail('ola@example.no')).not.toContain('Dag én');
  });

  it('skips a step that came due more than a week ago (an old lead, a long outage)', async () => {
    await signUp(KARI);
    await signedUpAgo(KARI, 13);
    await run();
    // Day 0, 2 and 5 were 13, 11 and 8 days ago.
    expect(await welcomeMail(KARI)).toEqual([]);
  });

  it('works through many leads in bounded batches, each mail once', async () => {
    const now = t.clock.now();
    const emails = Array.from({ length: 1200 }, (_, i) => `lead${i}@example.no`);
    await t.client.batch(
      emails.flatMap((email, i) => [
        { sql: 'INSERT INTO leads (id, email, source, created_at) VALUES (?, ?, ?, ?)', args: [`l${i}`, email, 'landing', now] },
        {
          sql: "INSERT INTO consent_events (id, email, action, text_version, source, client_hash, created_at) VALUES (?, ?, 'granted', 'v1', 'landing', 'x', ?)",
          args: [`c${i}`, email, now],
        },
      ]),
    );
    expect(await run()).toEqual({ queued: 1200, batches: 3 });
    expect(await run()).toEqual({ queued: 0, batches: 0 });
    const queued = await t.db
      .select({ n: sql<number>`count(*)` })
      .from(mailQueue)
      .where(like(mailQueue.dedupeKey, 'welcome:%'));
    expect(queued[0]!.n).toBe(1200);
  });
});

describe('a welcome mail through a real SMTP server', () => {
  const smtp = smtpSink();
  beforeEach(() => smtp.start());
  afterEach(() => smtp.stop());

  it('has both parts, absolute links into the free guide, the footer and the one-click unsubscribe headers', async () => {
    await signUp(KARI);
    t.deps.mailer = smtpMailer(smtp.url, 'Soloprenør <hei@soloprenor.no>', { heloName: 'soloprenor.no', timeoutMs: 2000 });
    await run();
    await t.deliverMail();
    expect(smtp.inbox.map((m) => m.to)).toEqual([[KARI]]);
    const mail = await simpleParser(smtp.inbox[0]!.raw);
    const links = await unsubscribeLinks(t.deps.config, KARI);
    expect(mail.subject).toBe(DAY0);
    expect(smtp.inbox[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.headers.get('list')).toMatchObject({ unsubscribe: { url: links.oneClick } });
    // Its links are counted through the signed redirect, which leads to the lesson (with the mail's UTM campaign).
    const counted = new RegExp(`\\[Ansett din første AI-medarbeider\\]\\((${TEST_ORIGIN}/r/[\\w-]+\\.[0-9a-f]{32})\\)`).exec(
      mail.text!,
    );
    expect(counted).not.toBeNull();
    const target = (await t.request(counted![1]!.slice(TEST_ORIGIN.length))).headers.get('location')!;
    expect(target).toMatch(
      new RegExp(`^${TEST_ORIGIN}/guide/lessons/mindset\\?utm_source=e-post&utm_medium=welcome&utm_campaign=welcome-`),
    );
    expect(mail.text).toContain(`Meld deg av med ett klikk: ${links.page}`);
    const html = mail.html as string;
    expect(html).toContain(`<a href="${counted![1]}" style="color:#c2410c;font-weight:600">Ansett din første AI-medarbeider</a>`);
    expect(html).toContain(`<strong>Start med dette (10 minutter):</strong>`);
    expect(html).toContain(`href="${links.page}"`);
  });
});
