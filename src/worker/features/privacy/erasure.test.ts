import { eq } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { tables } from '#db';
import {
  adminAuditLog,
  emailChanges,
  files,
  lessonCompletions,
  moduleCompletions,
  paymentEvents,
  postReports,
  payments,
  coupons,
  referrals,
  reminderLog,
  users,
  videoPositions,
  certificates,
  welcomeSends,
  userTags,
  tags,
  automations,
  automationSends,
  welcomeSteps,
  memberImportChunks,
  memberImportRows,
  memberImports,
  webhookEndpoints,
  WEBHOOK_EVENTS,
} from '#db/schema';
import { enqueueMail } from '#worker/emails/queue';
import { runJobs } from '#worker/jobs/index';
import { appPerTest } from '#support/app';
import { addressPseudonym, eraseUser, grantConsent, userExportQueries, withdrawConsent } from './index';

const t = appPerTest({ seed: true });

const TABLES = tables.map((table) => getTableConfig(table));

/** Tables that can name a person: a reference to users, or an address column. */
const PERSONAL = TABLES.filter(
  (table) =>
    table.foreignKeys.some((fk) => fk.reference().foreignTable === users) ||
    table.columns.some((column) => ['email', 'to'].includes(column.name)),
).map((table) => table.name);

/**
 * Gives a person everything the product can hold about them, through the API where there is
 * one: a sign-up, sign-ins by link and code, events, a withdrawn consent, an open link, an open
 * address change, guide progress, a payment and admin actions by and on them.
 */
async function personWithData(email: string, ip: string) {
  const headers = { 'x-test-ip': ip, 'user-agent': `Nettleser ${email}` };
  // A receiver of every event, so the sign-up, consent, progress and question below queue deliveries naming them.
  await t.db
    .insert(webhookEndpoints)
    .values({ id: 'hook', url: 'https://hooks.example.com/x', events: [...WEBHOOK_EVENTS], secret: 'whsec_test' })
    .onConflictDoNothing();
  const { auth } = t.api;
  const lead = await t.api.lead.$post(
    { json: { email, acceptTerms: true, consentMarketing: true, firstName: 'Kari', utm: { source: 'nyhetsbrev' } } },
    { headers },
  );
  expect(lead.status).toBe(201); // also records its lead_submit event, naming the lead
  const signedIn = await auth.verify.$get({ query: { token: (await t.latestMail(email))!.token! } }, { headers });
  if (!signedIn.ok) throw new Error(`verify: ${signedIn.status}`);
  const { user, sessionToken } = await signedIn.json();
  const as = t.as(sessionToken);
  await auth['magic-link'].$post({ json: { email } }, { headers });
  const code = (await t.latestMail(email))!.code!;
  await auth['verify-code'].$post({ json: { email, code: code === '000000' ? '111111' : '000000' } }, { headers });
  await auth['verify-code'].$post({ json: { email, code } }, { headers });
  await auth['magic-link'].$post({ json: { email } }, { headers }); // left open
  await as.event.$post({ json: { eventName: 'cta_mid_click' } }, { headers });
  await as.premium.offer.$get(undefined, { headers });
  await as.premium.upsell.events.$post(
    { json: { campaignId: 'default', kind: 'shown', placement: 'modal', reason: 'visit' } },
    { headers },
  );
  await as.guide.streak.$post(undefined, { headers });
  await as.guide.action.$post(
    { json: { actionType: 'lesson_completed', actionData: { lessonId: 'mindset-quick-win' }, moduleId: 'mindset' } },
    { headers },
  );
  await withdrawConsent(t.deps, { email, userId: user.id, source: 'account', client: { ip, userAgent: 'x' } });
  // An address change asked for and left open: the link mailed to the new address, a per-account counter.
  await as.account.email.$post({ json: { email: `ny-${email}` } }, { headers });

  await t.db.insert(lessonCompletions).values({ userId: user.id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
  await t.db.insert(moduleCompletions).values({ userId: user.id, moduleId: 'mindset' });
  await t.db.insert(videoPositions).values({ userId: user.id, lessonId: 'mindset-quick-win', seconds: 42 });
  // A private note with a bookmark on a lesson.
  await as.guide.lessons[':id'].note.$put(
    { param: { id: 'mindset-deep-dive' }, json: { body: `Notat fra ${email}`, bookmarked: true } },
    { headers },
  );
  // A quiz attempt (through the API: its first answers are counted, anonymously), and a certificate shown on its public page.
  const attempt = await as.guide.lessons[':id'].quiz.$post(
    { param: { id: 'mindset-quiz' }, json: { answers: [['a'], ['a'], ['a'], ['a']] } },
    { headers },
  );
  if (attempt.status !== 200) throw new Error(`quiz attempt: ${attempt.status} ${await attempt.text()}`);
  await t.db.insert(certificates).values({
    id: crypto.randomUUID().replace(/-/g, ''),
    userId: user.id,
    name: 'Kari',
    issuedOn: '2026-11-21',
    modules: 4,
    lessons: 12,
    public: true,
  });
  // A question under a lesson (through the API, with its post id in the answer), a reply, a report.
  const asked = await as.guide.lessons[':id'].questions.$post(
    { param: { id: 'mindset-quick-win' }, json: { body: 'Hvordan kommer jeg i gang?' } },
    { headers },
  );
  const { question } = await asked.json();
  await as.guide.questions[':id'].answers.$post(
    { param: { id: question.id }, json: { body: 'Jeg fant ut av det.' } },
    { headers },
  );
  await t.db.insert(postReports).values({ postId: question.id, reporterId: user.id });
  // Reminders turned on, one sent; a step of the welcome series sent.
  await as.account.reminders.$put({ json: { enabled: true } }, { headers });
  await t.db.insert(reminderLog).values({ userId: user.id, day: '2026-11-21', kind: 'streak', sentAt: new Date() });
  const [step] = await t.db.select({ id: welcomeSteps.id }).from(welcomeSteps).limit(1);
  await t.db.insert(welcomeSends).values({ stepId: step!.id, email, sentAt: new Date() });
  // A tag, an automation's mail; the automation and the tag list are the admin's (must only not be empty).
  await t.db.insert(userTags).values({ userId: user.id, tag: 'vip' });
  await t.db.insert(tags).values({ tag: 'vip' }).onConflictDoNothing();
  await t.db
    .insert(automations)
    .values({ kind: 'onboarding', enabled: true, enabledAt: new Date(), mails: [] })
    .onConflictDoNothing();
  await t.db
    .insert(automationSends)
    .values({ mailId: 'onboarding-0', triggerId: user.id, kind: 'onboarding', email, sentAt: new Date() });
  // A member import whose file named them (the import itself names no one).
  const importId = crypto.randomUUID();
  await t.db.insert(memberImports).values({ id: importId, format: 'ghost', fileHash: 'f'.repeat(64), total: 1 });
  await t.db.insert(memberImportRows).values({
    importId,
    rowNo: 1,
    email,
    name: 'Kari',
    outcome: 'new',
    newUserId: crypto.randomUUID(),
    newLeadId: crypto.randomUUID(),
  });
  // …and a chunk of a file's rows still waiting for the preview, naming them and someone else.
  await t.db.insert(memberImportChunks).values({
    importId,
    chunkNo: 0,
    rows: JSON.stringify([
      [1, email, 'Kari', null, null, null, null],
      [2, 'noen.andre@example.no', 'Noen', null, null, null, null],
    ]),
  });
  // Course files are content, not personal data: the table only must not be empty.
  await t.db
    .insert(files)
    .values({ id: crypto.randomUUID().replace(/-/g, ''), name: 'mal.pdf', size: 9, contentType: 'application/pdf' });
  // A mail still waiting in the queue, to the current and to the asked-for address.
  for (const to of [email, `ny-${email}`]) {
    const mail = { to, subject: 'Kvittering', text: 'x', html: '<p>x</p>', kind: 'transactional' as const };
    await enqueueMail(t.db, { ...mail, dedupeKey: `test:${to}` }, Date.now());
  }
  // A subscription bought at the checkout: payment, subscription, its history, receipt and receipt mail.
  // With a coupon code: its use (coupon_redemptions) names the person until erasure.
  await t.db.insert(coupons).values({ id: 'velkommen', code: 'VELKOMMEN', percentOff: 20, plans: 'both' }).onConflictDoNothing();
  await as.premium.upgrade.$post(
    { json: { plan: 'yearly', price: 1596, withdrawalConsent: true, code: 'velkommen' } },
    { headers },
  );
  const [{ id: paymentId }] = (await t.db.select({ id: payments.id }).from(payments).where(eq(payments.userId, user.id))) as [
    { id: string },
  ];
  // Bought through their own «Verv en venn» link: the ledger's row names them on both sides until erasure.
  await t.db.insert(referrals).values({ id: crypto.randomUUID(), referrerId: user.id, friendId: user.id, paymentId });
  await t.db.insert(paymentEvents).values({ eventId: crypto.randomUUID(), provider: 'test' });
  // Why they cancelled it, from the cancellation mail's link.
  await t.client.execute({
    sql: "INSERT INTO cancellation_reasons (subscription_id, user_id, reason) SELECT id, user_id, 'price' FROM subscriptions WHERE user_id = ?",
    args: [user.id],
  });
  // Its receipt pushed to Fiken (a receipt is kept for the accounts, and so is its push).
  await t.client.execute({
    sql: "INSERT INTO fiken_pushes (receipt_number, status, next_attempt_at) SELECT number, 'sent', 0 FROM receipts WHERE payment_id = ?",
    args: [paymentId],
  });
  await runJobs(t.deps); // the module statistics
  // A newsletter that went to them, and their address on the suppression list (a complaint).
  const newsletter = crypto.randomUUID();
  await t.client.batch(
    [
      {
        sql: "INSERT INTO newsletters (id, subject, markdown, segment_kind, status) VALUES (?, 'Tips', 'Hei', 'free', 'sent')",
        args: [newsletter],
      },
      {
        sql: "INSERT INTO newsletter_recipients (newsletter_id, email, outcome) VALUES (?, ?, 'queued')",
        args: [newsletter, email],
      },
      { sql: "INSERT INTO mail_suppressions (email, reason) VALUES (?, 'complaint')", args: [email] },
      { sql: "INSERT INTO mail_webhook_events (id, type) VALUES (?, 'email.complained')", args: [crypto.randomUUID()] },
      // They clicked a link in it (signed in): the click's count names no one, their last-clicked mail does.
      {
        sql: "INSERT INTO mail_link_clicks (mail_kind, mail_id, link_index, day, url, clicks) VALUES ('newsletter', ?, 0, '2026-11-21', 'https://example.no', 1) ON CONFLICT DO UPDATE SET clicks = clicks + 1",
        args: [newsletter],
      },
      {
        sql: 'INSERT INTO mail_click_refs (user_id, mail_ref, clicked_at) VALUES (?, ?, ?)',
        args: [user.id, `newsletter:${newsletter}`, t.clock.now()],
      },
    ],
    'write',
  );
  await t.db.insert(adminAuditLog).values([
    { actorId: user.id, action: 'user.update', targetType: 'user', targetId: 'someone-else' },
    { action: 'user.premium', targetType: 'user', targetId: user.id, details: { email, note: 'bytte av plan' } },
  ]);
  return { id: user.id, email, pseudonym: await addressPseudonym(t.deps.config, email), paymentId };
}

type Person = { id: string; email: string; pseudonym: string };

/** Every table, with the names of its columns whose value names the person. */
async function whereNamed(person: Person) {
  const needles = [person.id, person.email, person.pseudonym].map((n) => n.toLowerCase());
  const found: Record<string, string[]> = {};
  for (const table of TABLES) {
    const { rows, columns } = await t.client.execute(`SELECT * FROM "${table.name}"`);
    const hits = new Set<string>();
    for (const row of rows) {
      columns.forEach((column, i) => {
        const cell = String(row[i] ?? '').toLowerCase();
        if (needles.some((needle) => cell.includes(needle))) hits.add(column);
      });
    }
    found[table.name] = [...hits];
  }
  return found;
}

describe('eraseUser', () => {
  it('leaves no row in any table naming the person, by id, address or pseudonym; keeps others’ data', async () => {
    const kari = await personWithData('kari@example.no', '198.51.100.1');
    const ola = await personWithData('ola@example.no', '198.51.100.2');
    // Someone erased before: the keyed marks erasure keeps (erasure_marks).
    await eraseUser(t.deps, { userId: 'tidligere', email: 'tidligere@example.no' });

    for (const table of TABLES) {
      const { rows } = await t.client.execute(`SELECT count(*) AS n FROM "${table.name}"`);
      expect(Number(rows[0]!.n), `${table.name} is empty: give the person data there in this test`).toBeGreaterThan(0);
    }
    const before = await whereNamed(kari);
    for (const table of PERSONAL) {
      expect(before[table], `${table} can name a person: give kari data there in this test`).not.toEqual([]);
    }
    const olaBefore = await whereNamed(ola);

    t.roundTrips.reset();
    await eraseUser(t.deps, { userId: kari.id, email: 'Kari@Example.no' });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);

    const after = await whereNamed(kari);
    for (const table of TABLES) expect(after[table.name], `${table.name} still names kari`).toEqual([]);
    expect(await whereNamed(ola)).toEqual(olaBefore);

    // Bokføringsloven: the payment stays, anonymous; the audit log keeps its entries without naming her.
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, kari.paymentId));
    expect(payment).toMatchObject({ userId: null, amount: 159600, status: 'paid' });
    expect(await t.db.select().from(adminAuditLog)).toHaveLength(4);
  });

  it('erases by address alone what was never tied to an account', async () => {
    await t.api.lead.$post({ json: { email: 'bare-lead@example.no', acceptTerms: true, consentMarketing: true } });
    await eraseUser(t.deps, { userId: 'ingen-konto', email: 'bare-lead@example.no' });
    const names = await whereNamed({
      id: 'ingen-konto',
      email: 'bare-lead@example.no',
      pseudonym: await addressPseudonym(t.deps.config, 'bare-lead@example.no'),
    });
    expect(Object.values(names).flat()).toEqual([]);
  });
});

/** Every row, table by table, naming the person by id, address or pseudonym. */
async function rowsNaming(person: Person) {
  const needles = [person.id, person.email, person.pseudonym].map((n) => n.toLowerCase());
  const found: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await t.client.execute(`SELECT * FROM "${table.name}"`);
    found[table.name] = rows.filter((row) =>
      Object.values(row).some((v) =>
        needles.some((n) =>
          String(v ?? '')
            .toLowerCase()
            .includes(n),
        ),
      ),
    ).length;
  }
  return found;
}

describe('userExportQueries (the export the user and the admin download)', () => {
  it('holds every row of every table that names the person, by id, address or pseudonym, and nothing of anyone else', async () => {
    const kari = await personWithData('kari@example.no', '198.51.100.1');
    const ola = await personWithData('ola@example.no', '198.51.100.2');
    const queries = await userExportQueries(t.deps, kari);
    t.roundTrips.reset();
    const data = await queries.collect(await t.db.batch(queries.statements));
    expect(t.roundTrips.count).toBe(1);

    const naming = await rowsNaming(kari);
    for (const table of PERSONAL) expect(naming[table], `${table}: give kari data there in this test`).toBeGreaterThan(0);
    for (const [table, count] of Object.entries(naming)) {
      expect(data.tables[table]?.length ?? 0, `${table} has rows naming kari that the export leaves out`).toBeGreaterThanOrEqual(
        count,
      );
    }
    expect(data.tables.consent_events!.map((e) => e.action)).toEqual(['terms_accepted', 'requested', 'granted', 'withdrawn']);
    expect(data.tables.email_changes).toEqual([expect.objectContaining({ newEmail: 'ny-kari@example.no' })]);
    expect(data.tables.rate_limits!.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toContain(ola.id);
    expect(JSON.stringify(data)).not.toContain(ola.email);
    expect(JSON.stringify(data)).not.toContain(ola.pseudonym);
    // No secrets: token, code and client hashes stay out, and so do mail bodies (they carry live links).
    expect(JSON.stringify(data)).not.toMatch(/tokenHash|codeHash|clientHash|"text"|"html"/);
  });

  it('keeps the history of an address the account had before it changed', async () => {
    const kari = await personWithData('kari@example.no', '198.51.100.1');
    expect(await t.db.select().from(emailChanges)).toHaveLength(1);
    await grantConsent(t.deps, {
      email: kari.email,
      userId: kari.id,
      source: 'account',
      client: { ip: '198.51.100.1', userAgent: 'x' },
    });
    const token = (await t.latestMail('ny-kari@example.no'))!.text.match(/token=([\w-]+)/)![1]!;
    expect((await t.api.account.email.confirm.$post({ json: { token } })).status).toBe(200);

    const queries = await userExportQueries(t.deps, { id: kari.id, email: 'ny-kari@example.no' });
    const data = await queries.collect(await t.db.batch(queries.statements));
    expect(new Set(data.tables.consent_events!.map((e) => e.email))).toEqual(new Set(['kari@example.no', 'ny-kari@example.no']));

    await eraseUser(t.deps, { userId: kari.id, email: 'ny-kari@example.no' });
    const left = await whereNamed({ ...kari, email: 'kari@example.no' });
    expect(left.consent_events).toEqual([]);
  });
});
