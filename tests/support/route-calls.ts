/**
 * One meaningful call of every API route, with the status it must answer, over a fixture made
 * straight in the database — the one list a new route is added to. The round-trip bench
 * (scripts/bench/round-trips.ts, checked by tests/bench/round-trips.test.ts) counts each call's
 * database round trips, the query-plan test (src/worker/query-plans.test.ts) plans its
 * statements on a small database, and `npm run bench -- --scale` times them on 100 000 users.
 * The fixture writes with the raw client, so what it costs is neither counted nor planned as the
 * route's; what only the app can make (a sign-in mail, a purchase with its receipt, an uploaded
 * file) it asks the API for, before the call, which is equally left out.
 */
import type { InValue } from '@libsql/client';
import type { Role } from '#db/schema/enums';
import { PRICES_NOK } from '#shared/constants';
import { CAMPAIGN_DRAFT } from '#shared/schemas/admin/campaigns';
import { signedFileHref } from '#worker/features/guide/index';
import { reasonToken } from '#worker/features/cancellation-reasons/index';
import { unsubscribeToken } from '#worker/features/privacy/unsubscribe';
import { sha256 } from '#worker/platform/crypto';
import type { TestApp } from './app';
import { checkoutCompleted, signedStripeEvent, STRIPE_TEST_KEYS } from './fake-stripe';
import { complaint, signedMailEvent, withMailWebhook } from './mail-webhook';
import { pdfForm } from './upload-fixtures';
import { runImports } from '#worker/jobs/imports';

export type Call = {
  path: string;
  method?: string;
  json?: unknown;
  /** A body other than JSON (a file upload's form, a webhook's raw JSON). */
  body?: string | FormData;
  token?: string;
  headers?: Record<string, string>;
  status: number;
};

/** A user of the fixture's own: a session, a lead, events, guide progress, a consent, a queued mail. */
export type Person = { id: string; email: string; token: string };

/** A person who has bought Premium: their subscription's first payment and its receipt. */
export type Subscriber = Person & { paymentId: string; receiptNumber: number };

/**
 * What the app the calls run on is configured with: the test provider pays at once (the
 * fixture's subscribers), and Stripe is a second provider for its webhook's call — verifying a
 * webhook's signature is local, so nothing contacts Stripe.
 */
export const ROUTE_CALLS_ENV = {
  METRICS_TOKEN: 'route-calls-metrics-token',
  PAYMENT_PROVIDERS: 'test,stripe',
  STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
  STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
};

/** What a buyer of Premium sends: the yearly plan at the price shown, with consent to start at once (no withdrawal). */
export const UPGRADE = { plan: 'yearly', price: String(PRICES_NOK.yearly), withdrawalConsent: true } as const;

export type Fixture = {
  admin: Person;
  /** A learner the reading routes use again and again. */
  learner: Person;
  moduleId: string;
  /** The module's first lesson; it has a video (the video position is kept only for one). */
  lessonId: string;
  /** The module's quiz lesson (the seed ends each free module with one), and an answer per question (the first option). */
  quiz: { lessonId: string; answers: string[][] };
  /** A subscriber the reading routes use again and again. */
  subscriber: Subscriber;
  /** A new person (a member of staff with `role` if given), for a call that changes or removes them. */
  person(opts?: { role?: Role }): Promise<Person>;
  /** A new subscriber, for a call that cancels, resumes or refunds; `canceled`: cancelled to the period's end. */
  subscribe(opts?: { canceled?: boolean }): Promise<Subscriber>;
  /** The ids of `moduleId`'s lessons in their order. */
  lessonsOf(moduleId: string): Promise<string[]>;
  /** A new file the admin uploaded and listed among `lessonId`'s resources; its id. */
  lessonFile(): Promise<string>;
  /** A new module with one lesson that learners have completed, for a call that removes it. */
  module(): Promise<{ moduleId: string; lessonId: string }>;
  /** A new campaign, for a call that changes or removes it. */
  campaign(): Promise<string>;
  /** A new coupon code (20 % off both plans, three periods), for a checkout that uses it or an admin change. */
  coupon(): Promise<{ id: string; code: string }>;
  /** A new person's Stripe checkout, pending as `POST /api/premium/upgrade` leaves it until Stripe's webhook says it is paid. */
  stripeCheckout(): Promise<{ id: string; providerRef: string }>;
  /** A new person who has completed every free lesson of every free module (the certificate's reader). */
  graduate(): Promise<Person>;
  /** A new person's certificate, shown on its public page; its id. */
  publicCertificate(): Promise<string>;
  /** A new sign-in link and code for `email` (asked for through the API, read from the outbox), and the request's id. */
  signInMail(email: string): Promise<{ requestId: string; token: string; code: string }>;
};

let serial = 0;

/** Unique per call in this process: fixture ids and addresses, and a client address per call so per-IP limits never answer. */
const next = () => `${process.pid.toString(36)}${(++serial).toString(36)}`;
const ip = () => `198.51.${(serial >> 8) % 256}.${serial % 256}`;

const NEWSLETTER = {
  subject: 'Ukens tips',
  markdown: 'Hei!\n\nLes mer i [guiden](/guide).',
  segment: { kind: 'free' },
} as const;
/**
 * A plain member import of a few rows, one a member we have (the admin: the job may apply an
 * earlier run import while it previews this one, and a learner made Premium would lose the upsell
 * routes' calls), as the admin uploads it.
 */
function importForm(f: Fixture): FormData {
  const form = new FormData();
  const rows = [
    'email,name,consent,premium_until,plan',
    `${f.admin.email},Ada,2025-06-01,2099-01-01,yearly`,
    'ny@example.no,Ny,,,',
  ];
  form.set('file', new File([rows.join('\n')], 'medlemmer.csv', { type: 'text/csv' }));
  return form;
}

/** A previewed member import the admin uploaded through the API (the import job previews it); its id. */
async function memberImport(f: Fixture, t: TestApp): Promise<string> {
  const res = await t.request('/api/admin/imports', { method: 'POST', body: importForm(f), token: f.admin.token });
  if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
  const body: { import: { id: string } } = await res.json();
  while ((await runImports(t.deps)).previewed > 0);
  return body.import.id;
}

/** A new newsletter draft the admin wrote through the API; its id. */
async function newsletter(f: Fixture, t: TestApp): Promise<string> {
  const res = await t.as(f.admin.token).admin.newsletters.$post({ json: NEWSLETTER }, { headers: { 'x-test-ip': ip() } });
  if (res.status !== 201) throw new Error(`newsletter: ${res.status} ${await res.text()}`);
  return (await res.json()).newsletter.id;
}

/** A new webhook endpoint the admin registered through the API, with one delivery queued to it; their ids. */
async function webhook(f: Fixture, t: TestApp): Promise<{ id: string; deliveryId: string }> {
  const res = await t
    .as(f.admin.token)
    .admin.webhooks.$post(
      { json: { url: `https://hooks.example.com/${next()}`, events: ['member.created'] } },
      { headers: { 'x-test-ip': ip() } },
    );
  if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()).webhook;
  const deliveryId = `delivery-${next()}`;
  await t.client.execute({
    sql: `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event, payload, status, attempts, next_attempt_at, queued_at, created_at)
          VALUES (?, ?, ?, 'member.created', '{}', 'failed', 3, 0, 0, 0)`,
    args: [deliveryId, id, deliveryId],
  });
  return { id, deliveryId };
}

export async function makeFixture(t: TestApp, now: number): Promise<Fixture> {
  const exec = (sql: string, args: InValue[] = []) => t.client.execute({ sql, args });
  const [first] = (
    await exec(
      'SELECT l.id, l.module_id FROM lessons l JOIN modules m ON m.id = l.module_id ORDER BY m."order", l."order" LIMIT 3',
    )
  ).rows;
  const lessons = (await exec('SELECT id, module_id FROM lessons ORDER BY id LIMIT 8')).rows;

  async function person(opts: { role?: Role } = {}): Promise<Person> {
    const id = `fixture-${next()}`;
    const email = `${id}@example.no`;
    const token = `token-${id}`;
    const leadId = `lead-${id}`;
    await t.client.batch(
      [
        {
          sql: 'INSERT INTO users (id, email, first_name, role, last_login, created_at, last_modified_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          args: [id, email, 'Kari', opts.role ?? null, now, now - 1000, now - 1000],
        },
        {
          sql: 'INSERT INTO sessions (token_hash, user_id, expires_at, last_used_at, created_at) VALUES (?, ?, ?, ?, ?)',
          args: [await sha256(token), id, now + 86_400_000, now, now],
        },
        {
          sql: "INSERT INTO leads (id, email, user_id, source, created_at, updated_at) VALUES (?, ?, ?, 'landing', ?, ?)",
          args: [leadId, email, id, now, now],
        },
        ...lessons.map((l) => ({
          sql: 'INSERT INTO lesson_completions (user_id, lesson_id, module_id, created_at) VALUES (?, ?, ?, ?)',
          args: [id, l.id ?? null, l.module_id ?? null, now - 3_600_000],
        })),
        ...Array.from({ length: 20 }, (_, i) => ({
          sql: "INSERT INTO analytics_events (event_name, lead_id, user_id, created_at) VALUES ('page_view', ?, ?, ?)",
          args: [i % 2 ? leadId : null, i % 2 ? null : id, now - i * 60_000],
        })),
        {
          sql: "INSERT INTO consent_events (id, email, user_id, action, text_version, source, client_hash, created_at) VALUES (?, ?, ?, 'granted', 'v1', 'lead', 'x', ?)",
          args: [`consent-${id}`, email, id, now],
        },
        {
          sql: "INSERT INTO mail_queue (dedupe_key, kind, \"to\", subject, text, html, next_attempt_at) VALUES (?, 'transactional', ?, 'Kvittering', 'x', '<p>x</p>', ?)",
          args: [`fixture:${id}`, email, now],
        },
        {
          sql: "INSERT INTO admin_audit_log (actor_id, action, target_type, target_id, details, created_at) VALUES (NULL, 'user.update', 'user', ?, ?, ?)",
          args: [id, JSON.stringify({ email }), now],
        },
      ],
      'write',
    );
    return { id, email, token };
  }

  /** Premium bought through the API: the test provider pays at once (subscription, payment, receipt). */
  async function subscribe(opts: { canceled?: boolean } = {}): Promise<Subscriber> {
    const buyer = await person();
    const res = await t.request('/api/premium/upgrade', { json: UPGRADE, token: buyer.token, headers: { 'x-test-ip': ip() } });
    if (res.status !== 200) throw new Error(`upgrade for ${buyer.email}: ${res.status} ${await res.text()}`);
    const [paid] = (
      await exec('SELECT p.id, r.number FROM payments p JOIN receipts r ON r.payment_id = p.id WHERE p.user_id = ?', [buyer.id])
    ).rows;
    if (!paid) throw new Error(`upgrade for ${buyer.email}: no payment with a receipt`);
    if (opts.canceled)
      await exec("UPDATE subscriptions SET status = 'canceled', cancel_at_period_end = 1 WHERE user_id = ?", [buyer.id]);
    return { ...buyer, paymentId: String(paid.id), receiptNumber: Number(paid.number) };
  }

  const moduleId = String(first!.module_id);
  const lessonId = String(first!.id);
  const [quizRow] = (
    await exec(`SELECT id, quiz FROM lessons WHERE module_id = ? AND type = 'quiz' ORDER BY "order" LIMIT 1`, [moduleId])
  ).rows;
  if (!quizRow) throw new Error(`fixture: no quiz lesson in ${moduleId}`);
  const quiz = {
    lessonId: String(quizRow.id),
    answers: (JSON.parse(String(quizRow.quiz)) as { questions: { options: { id: string }[] }[] }).questions.map((q) => [
      q.options[0]!.id,
    ]),
  };
  await exec('UPDATE lessons SET video_url = ? WHERE id = ?', ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', lessonId]);
  const admin = await person({ role: 'owner' });
  return {
    admin,
    learner: await person(),
    moduleId,
    lessonId,
    quiz,
    subscriber: await subscribe(),
    person,
    subscribe,
    async lessonsOf(id) {
      const { rows } = await exec('SELECT id FROM lessons WHERE module_id = ? ORDER BY "order", id', [id]);
      return rows.map((row) => String(row.id));
    },
    async lessonFile() {
      // A multipart form has no validator for the client to type: it is the request's body as sent.
      const res = await t
        .as(admin.token)
        .admin.files.$post(undefined, { headers: { 'x-test-ip': ip() }, init: { body: pdfForm('Budsjettmal.pdf') } });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      const { file } = await res.json();
      await exec(
        `UPDATE lessons SET resources = json_insert(resources, '$[#]', json_object('title', 'Budsjettmal', 'fileId', ?)) WHERE id = ?`,
        [file.id, lessonId],
      );
      return file.id;
    },
    async module() {
      const moduleId = `fixture-${next()}`;
      const lessonId = `${moduleId}-lesson`;
      await t.client.batch(
        [
          { sql: 'INSERT INTO modules (id, "order", title) VALUES (?, 900, ?)', args: [moduleId, 'Modul'] },
          {
            sql: 'INSERT INTO lessons (id, module_id, title, "order") VALUES (?, ?, ?, 1)',
            args: [lessonId, moduleId, 'Leksjon'],
          },
          {
            sql: `INSERT INTO lesson_completions (user_id, lesson_id, module_id, created_at)
              SELECT id, ?, ?, ? FROM users ORDER BY created_at DESC LIMIT 50`,
            args: [lessonId, moduleId, now],
          },
          {
            sql: `INSERT INTO guide_actions (user_id, module_id, action_type, target_id, created_at)
              SELECT id, ?, 'lesson_completed', ?, ? FROM users ORDER BY created_at DESC LIMIT 50`,
            args: [moduleId, lessonId, now],
          },
        ],
        'write',
      );
      return { moduleId, lessonId };
    },
    async coupon() {
      const id = `fixture-${next()}`;
      const code = id.toUpperCase();
      await exec(`INSERT INTO coupons (id, code, percent_off, plans, periods) VALUES (?, ?, 20, 'both', 3)`, [id, code]);
      return { id, code };
    },
    async campaign() {
      const id = `fixture-${next()}`;
      await exec(
        `INSERT INTO campaigns (id, name, title, price_original, cta_text, is_active) VALUES (?, 'Kampanje', 'Kampanje', 199500, 'Kjøp', 0)`,
        [id],
      );
      return id;
    },
    async stripeCheckout() {
      const buyer = await person();
      const id = `payment-${buyer.id}`;
      const providerRef = `cs_${buyer.id}`;
      await exec(
        `INSERT INTO payments (id, user_id, plan, amount, status, provider, provider_ref, created_at, withdrawal_consent_at)
         VALUES (?, ?, 'yearly', ?, 'pending', 'stripe', ?, ?, ?)`,
        [id, buyer.id, PRICES_NOK.yearly * 100, providerRef, now, now],
      );
      return { id, providerRef };
    },
    async graduate() {
      const graduate = await person();
      await exec(
        `INSERT OR IGNORE INTO lesson_completions (user_id, lesson_id, module_id, created_at)
         SELECT ?, l.id, l.module_id, ? FROM lessons l JOIN modules m ON m.id = l.module_id
         WHERE l.is_premium = 0 AND m.is_premium = 0 AND l.status = 'published' AND m.status = 'published'`,
        [graduate.id, now],
      );
      return graduate;
    },
    async publicCertificate() {
      const owner = await person();
      const id = Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => 'abcdefghijklmnopqrstuvwxyz234567'[b & 31]).join(
        '',
      );
      await exec(
        `INSERT INTO certificates (id, user_id, name, issued_on, modules, lessons, public, created_at)
         VALUES (?, ?, 'Kari Nordmann', '2026-11-27', 4, 8, 1, ?)`,
        [id, owner.id, now],
      );
      return id;
    },
    async signInMail(email) {
      const res = await t.api.auth['magic-link'].$post({ json: { email } }, { headers: { 'x-test-ip': ip() } });
      if (res.status !== 200) throw new Error(`magic-link for ${email}: ${res.status} ${await res.text()}`);
      const { requestId } = await res.json();
      const mail = await t.latestMail(email);
      return { requestId, token: mail!.token!, code: mail!.code! };
    },
  };
}

const address = () => `besøk-${next()}@example.no`.replace('ø', 'o');

/** The app's API routes as Hono lists them, `METHOD /path` (middleware and catch-alls left out). */
export function apiRoutes(t: TestApp): string[] {
  const found = t.app.routes
    // GET /metrics is no API route, but it reads the database as one: it keeps to the same budget.
    .filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path === '/metrics') && !r.path.includes('*'))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(found)];
}

const WELCOME_STEP = { delayDays: 3, subject: 'Plan', markdown: 'Hei fra planen' };

/** A new step of the welcome series (asked for through the API); its id. */
async function welcomeStep(t: TestApp, adminToken: string) {
  const res = await t.as(adminToken).admin['welcome-series'].$post({ json: WELCOME_STEP });
  if (res.status !== 201) throw new Error(`welcome step: ${res.status}`);
  return (await res.json()).step.id;
}

/** The turn-off link of a new person's reminders (turned on through the API), without the host. */
async function reminderOffPath(f: Fixture, t: TestApp) {
  const person = await f.person();
  const res = await t.request('/api/account/reminders', { method: 'PUT', json: { enabled: true }, token: person.token });
  if (res.status !== 200) throw new Error(`reminders on: ${res.status}`);
  const { rows } = await t.client.execute({
    sql: 'SELECT off_token FROM reminder_settings WHERE user_id = ?',
    args: [person.id],
  });
  return `/api/reminders/off?token=${encodeURIComponent(String(rows[0]!.off_token))}`;
}

/** A new question by the learner under the fixture's lesson, with an answer by another person; their ids. */
async function thread(f: Fixture, t: TestApp) {
  const id = `question-${next()}`;
  const answerId = `answer-${next()}`;
  const other = await f.person();
  await t.client.batch(
    [
      {
        sql: 'INSERT INTO lesson_posts (id, lesson_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
        args: [id, f.lessonId, f.learner.id, 'Hvordan finner jeg nisjen min?', t.clock.now()],
      },
      {
        sql: 'INSERT INTO lesson_posts (id, lesson_id, question_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        args: [answerId, f.lessonId, id, other.id, 'Start med det du kan.', t.clock.now()],
      },
    ],
    'write',
  );
  return { id, answerId };
}

/**
 * Every API route, by Hono's `METHOD /path`, with one call that does what the route is for.
 * A call that ends a session, deletes or pays gets a person of its own, so it spoils no call after it.
 */
export const ROUTE_CALLS: Record<string, (f: Fixture, t: TestApp) => Call | Promise<Call>> = {
  'GET /api/health': () => ({ path: '/api/health', status: 200 }),
  'GET /metrics': () => ({ path: '/metrics', token: ROUTE_CALLS_ENV.METRICS_TOKEN, status: 200 }),
  'POST /api/auth/magic-link': () => ({ path: '/api/auth/magic-link', json: { email: address() }, status: 200 }),
  'GET /api/auth/verify': async (f) => ({ path: `/api/auth/verify?token=${(await f.signInMail(address())).token}`, status: 200 }),
  'POST /api/auth/verify-code': async (f) => {
    const email = address();
    return { path: '/api/auth/verify-code', json: { email, code: (await f.signInMail(email)).code }, status: 200 };
  },
  'GET /api/auth/magic-link/:requestId': async (f) => ({
    path: `/api/auth/magic-link/${(await f.signInMail(address())).requestId}`,
    status: 200,
  }),
  'GET /api/auth/me': (f) => ({ path: '/api/auth/me', token: f.learner.token, status: 200 }),
  'POST /api/auth/logout': async (f) => ({ path: '/api/auth/logout', token: (await f.person()).token, status: 200 }),
  'POST /api/auth/logout-all': async (f) => ({ path: '/api/auth/logout-all', token: (await f.person()).token, status: 200 }),
  'POST /api/lead': () => ({
    path: '/api/lead',
    json: { email: address(), acceptTerms: true, consentMarketing: true },
    status: 201,
  }),
  'GET /api/unsubscribe': async (f, t) => ({
    path: `/api/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(t.deps.config, f.learner.email))}`,
    status: 200,
  }),
  'POST /api/unsubscribe': async (f, t) => ({
    path: `/api/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(t.deps.config, (await f.person()).email))}`,
    method: 'POST',
    status: 200,
  }),
  'POST /api/event': (f) => ({ path: '/api/event', json: { eventName: 'cta_hero_click' }, token: f.learner.token, status: 201 }),
  'GET /api/premium/offer': (f) => ({ path: '/api/premium/offer', token: f.learner.token, status: 200 }),
  // Through the learner's «Verv en venn» link: the member and the referral code ride in the session's read.
  'POST /api/premium/upgrade': async (f) => ({
    path: '/api/premium/upgrade',
    json: { ...UPGRADE, referrer: f.learner.id },
    token: (await f.person()).token,
    status: 200,
  }),
  'GET /api/checkout': () => ({ path: '/api/checkout', status: 200 }),
  // A new address bought from the pricing page: its account, Premium, receipt and provisional session.
  // With a coupon code: the code's check rides in the checkout's batches.
  'POST /api/checkout': async (f) => ({
    path: '/api/checkout',
    json: { email: address(), plan: 'yearly', withdrawalConsent: true, code: (await f.coupon()).code.toLowerCase(), price: 1596 },
    status: 200,
  }),
  'POST /api/checkout/coupon': async (f) => ({
    path: '/api/checkout/coupon',
    json: { code: (await f.coupon()).code, plan: 'monthly' },
    headers: { 'x-test-ip': ip() },
    status: 200,
  }),
  'GET /api/premium/payments/:id': (f) => ({
    path: `/api/premium/payments/${f.subscriber.paymentId}`,
    token: f.subscriber.token,
    status: 200,
  }),
  'GET /api/premium/upsell': (f) => ({ path: '/api/premium/upsell', token: f.learner.token, status: 200 }),
  'POST /api/premium/upsell/events': (f) => ({
    path: '/api/premium/upsell/events',
    json: { campaignId: 'default', kind: 'shown', placement: 'modal', reason: 'visit' },
    token: f.learner.token,
    status: 200,
  }),
  'GET /api/guide/modules': (f) => ({ path: '/api/guide/modules', token: f.learner.token, status: 200 }),
  'GET /api/guide/modules/:id': (f) => ({ path: `/api/guide/modules/${f.moduleId}`, token: f.learner.token, status: 200 }),
  'GET /api/guide/streak': (f) => ({ path: '/api/guide/streak', token: f.learner.token, status: 200 }),
  'POST /api/guide/streak': (f) => ({ path: '/api/guide/streak', method: 'POST', token: f.learner.token, status: 200 }),
  'GET /api/guide/progress': (f) => ({ path: '/api/guide/progress', token: f.learner.token, status: 200 }),
  'POST /api/guide/progress': (f) => ({
    path: '/api/guide/progress',
    json: { moduleId: f.moduleId, completedSections: [f.lessonId] },
    token: f.learner.token,
    status: 200,
  }),
  'POST /api/guide/action': (f) => ({
    path: '/api/guide/action',
    json: { actionType: 'lesson_completed', actionData: { lessonId: f.lessonId }, moduleId: f.moduleId },
    token: f.learner.token,
    status: 200,
  }),
  'PUT /api/guide/lessons/:id/position': (f) => ({
    path: `/api/guide/lessons/${f.lessonId}/position`,
    method: 'PUT',
    json: { seconds: 42 },
    token: f.learner.token,
    status: 200,
  }),
  'PUT /api/guide/lessons/:id/note': (f) => ({
    path: `/api/guide/lessons/${f.lessonId}/note`,
    method: 'PUT',
    json: { body: 'Husk å prøve prompten på kundelisten.', bookmarked: true },
    token: f.learner.token,
    status: 200,
  }),
  'GET /api/guide/notes': (f) => ({ path: '/api/guide/notes', token: f.learner.token, status: 200 }),
  'POST /api/guide/lessons/:id/quiz': (f) => ({
    path: `/api/guide/lessons/${f.quiz.lessonId}/quiz`,
    json: { answers: f.quiz.answers },
    token: f.learner.token,
    status: 200,
  }),
  'GET /api/guide/search': (f) => ({ path: '/api/guide/search?q=leksjon', token: f.learner.token, status: 200 }),
  'GET /api/guide/lessons/:id/questions': (f) => ({
    path: `/api/guide/lessons/${f.lessonId}/questions`,
    token: f.learner.token,
    status: 200,
  }),
  'POST /api/guide/lessons/:id/questions': async (f) => ({
    path: `/api/guide/lessons/${f.lessonId}/questions`,
    json: { body: 'Hvor mye bør jeg ta betalt?' },
    token: (await f.person()).token,
    status: 201,
  }),
  'POST /api/guide/questions/:id/answers': async (f, t) => ({
    path: `/api/guide/questions/${(await thread(f, t)).id}/answers`,
    json: { body: 'Takk, det hjalp!' },
    // A new person per call: the learner's own posts would reach the hourly limit.
    token: (await f.person()).token,
    status: 201,
  }),
  'GET /api/guide/questions/unread': (f) => ({ path: '/api/guide/questions/unread', token: f.learner.token, status: 200 }),
  'POST /api/guide/posts/:id/report': async (f, t) => ({
    path: `/api/guide/posts/${(await thread(f, t)).answerId}/report`,
    method: 'POST',
    token: f.learner.token,
    status: 200,
  }),
  'GET /api/admin/questions': (f) => ({ path: '/api/admin/questions?status=unanswered', token: f.admin.token, status: 200 }),
  'POST /api/admin/questions/:id/answers': async (f, t) => ({
    path: `/api/admin/questions/${(await thread(f, t)).id}/answers`,
    json: { body: 'Svar fra oss.' },
    token: f.admin.token,
    status: 201,
  }),
  'PUT /api/admin/questions/posts/:id/hidden': async (f, t) => ({
    path: `/api/admin/questions/posts/${(await thread(f, t)).answerId}/hidden`,
    method: 'PUT',
    json: { hidden: true },
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/questions/posts/:id': async (f, t) => ({
    path: `/api/admin/questions/posts/${(await thread(f, t)).id}`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/questions/posts/:id/reports': async (f, t) => ({
    path: `/api/admin/questions/posts/${(await thread(f, t)).answerId}/reports`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
  'PUT /api/admin/questions/authors/:id/blocked': async (f) => ({
    path: `/api/admin/questions/authors/${(await f.person()).id}/blocked`,
    method: 'PUT',
    json: { blocked: true },
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/guide/certificate': async (f) => ({ path: '/api/guide/certificate', token: (await f.graduate()).token, status: 200 }),
  'PUT /api/guide/certificate/public': async (f) => ({
    path: '/api/guide/certificate/public',
    method: 'PUT',
    json: { public: true },
    token: (await f.graduate()).token,
    status: 200,
  }),
  'GET /api/certificates/:id': async (f) => ({ path: `/api/certificates/${await f.publicCertificate()}`, status: 200 }),
  'GET /api/files/:id': async (f, t) => ({
    path: await signedFileHref(t.deps.config, f.learner.id, await f.lessonFile(), t.clock.now()),
    token: f.learner.token,
    status: 200,
  }),
  'GET /api/account': (f) => ({ path: '/api/account', token: f.learner.token, status: 200 }),
  'PATCH /api/account': (f) => ({
    path: '/api/account',
    method: 'PATCH',
    json: { firstName: 'Kari' },
    token: f.learner.token,
    status: 200,
  }),
  'PUT /api/account/consent': (f) => ({
    path: '/api/account/consent',
    method: 'PUT',
    json: { marketing: true },
    token: f.learner.token,
    status: 200,
  }),
  'POST /api/account/email': async (f) => ({
    path: '/api/account/email',
    json: { email: address() },
    token: (await f.person()).token,
    status: 200,
  }),
  'POST /api/account/email/confirm': async (f, t) => {
    const person = await f.person();
    const email = address();
    await t.request('/api/account/email', { json: { email }, token: person.token, headers: { 'x-test-ip': ip() } });
    const link = /https?:\/\/\S+token=([\w-]+)/.exec((await t.latestMail(email))!.text)?.[1];
    return { path: '/api/account/email/confirm', json: { token: link }, token: person.token, status: 200 };
  },
  'GET /api/account/referral': (f) => ({ path: '/api/account/referral', token: f.learner.token, status: 200 }),
  'GET /api/account/export': (f) => ({ path: '/api/account/export', token: f.learner.token, status: 200 }),
  'GET /api/account/subscription': (f) => ({ path: '/api/account/subscription', token: f.subscriber.token, status: 200 }),
  'POST /api/account/subscription/cancel': async (f) => ({
    path: '/api/account/subscription/cancel',
    method: 'POST',
    token: (await f.subscribe()).token,
    status: 200,
  }),
  'POST /api/account/subscription/resume': async (f) => ({
    path: '/api/account/subscription/resume',
    method: 'POST',
    token: (await f.subscribe({ canceled: true })).token,
    status: 200,
  }),
  'GET /api/account/receipts': (f) => ({ path: '/api/account/receipts', token: f.subscriber.token, status: 200 }),
  'GET /api/account/receipts/:number': (f) => ({
    path: `/api/account/receipts/${f.subscriber.receiptNumber}`,
    token: f.subscriber.token,
    status: 200,
  }),
  'DELETE /api/account': async (f) => ({ path: '/api/account', method: 'DELETE', token: (await f.person()).token, status: 200 }),

  'GET /api/admin/dashboard': (f) => ({ path: '/api/admin/dashboard', token: f.admin.token, status: 200 }),
  'GET /api/admin/dashboard/revenue': (f) => ({ path: '/api/admin/dashboard/revenue', token: f.admin.token, status: 200 }),
  'GET /api/admin/accounting/export': (f) => ({
    path: '/api/admin/accounting/export?from=2026-01&to=2026-12',
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/users': (f) => ({ path: '/api/admin/users?page=3', token: f.admin.token, status: 200 }),
  'PATCH /api/admin/users/:id': async (f) => ({
    path: `/api/admin/users/${f.learner.id}`,
    method: 'PATCH',
    json: { adminNotes: 'Ringte om faktura' },
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/users/:id': async (f) => ({
    path: `/api/admin/users/${(await f.person()).id}`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/users/:id/send-login-link': async (f) => ({
    path: `/api/admin/users/${(await f.person()).id}/send-login-link`,
    method: 'POST',
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/users/:id/reset-progress': async (f) => ({
    path: `/api/admin/users/${(await f.person()).id}/reset-progress`,
    method: 'POST',
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/users/:id/export': (f) => ({
    path: `/api/admin/users/${f.learner.id}/export`,
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/leads': (f) => ({ path: '/api/admin/leads?consent=granted&page=2', token: f.admin.token, status: 200 }),
  'GET /api/admin/leads/export': (f) => ({ path: '/api/admin/leads/export?consent=granted', token: f.admin.token, status: 200 }),
  'GET /api/admin/leads/:id/consents': (f) => ({
    path: `/api/admin/leads/lead-${f.learner.id}/consents`,
    token: f.admin.token,
    status: 200,
  }),
  // Innsikt: 26 weeks of the funnel's hourly counts, 12 months of subscription spans, 14 cohorts.
  'GET /api/admin/insights/funnel': (f) => ({ path: '/api/admin/insights/funnel', token: f.admin.token, status: 200 }),
  'GET /api/admin/insights/subscriptions': (f) => ({
    path: '/api/admin/insights/subscriptions',
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/insights/cohorts': (f) => ({ path: '/api/admin/insights/cohorts', token: f.admin.token, status: 200 }),
  'GET /api/admin/mail/failed': (f) => ({ path: '/api/admin/mail/failed', token: f.admin.token, status: 200 }),
  // The search by a buyer's address (`?user=`, the user card, reads one user's by the same index).
  'GET /api/admin/payments': (f) => ({
    path: `/api/admin/payments?query=${encodeURIComponent(f.subscriber.email)}`,
    token: f.admin.token,
    status: 200,
  }),
  // All that is left: the provider's refund and end, the credit note, its mail and Premium ended, in one batch.
  'POST /api/admin/payments/:id/refund': async (f) => ({
    path: `/api/admin/payments/${(await f.subscribe()).paymentId}/refund`,
    method: 'POST',
    json: {},
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/content/modules': (f) => ({ path: '/api/admin/content/modules', token: f.admin.token, status: 200 }),
  'POST /api/admin/content/preview': (f) => ({
    path: '/api/admin/content/preview',
    json: { markdown: '## Forhåndsvisning\n\nTekst' },
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/content/modules': (f) => ({
    path: '/api/admin/content/modules',
    json: { title: `Modul ${next()}` },
    token: f.admin.token,
    status: 201,
  }),
  'PATCH /api/admin/content/modules/:id': (f) => ({
    path: `/api/admin/content/modules/${f.moduleId}`,
    method: 'PATCH',
    json: { description: `Beskrivelse ${next()}` },
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/content/modules/:id': async (f) => ({
    path: `/api/admin/content/modules/${(await f.module()).moduleId}`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/content/lessons': (f) => ({
    path: '/api/admin/content/lessons',
    json: { moduleId: f.moduleId, id: `leksjon-${next()}`, title: 'Leksjon' },
    token: f.admin.token,
    status: 201,
  }),
  'PATCH /api/admin/content/lessons/:id': (f) => ({
    path: `/api/admin/content/lessons/${f.lessonId}`,
    method: 'PATCH',
    json: { description: `Beskrivelse ${next()}` },
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/content/lessons/:id': async (f) => ({
    path: `/api/admin/content/lessons/${(await f.module()).lessonId}`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
  'PUT /api/admin/content/order': async (f) => ({
    path: '/api/admin/content/order',
    method: 'PUT',
    json: { moduleId: f.moduleId, lessons: await f.lessonsOf(f.moduleId) },
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/files': (f) => ({
    path: '/api/admin/files',
    body: pdfForm('Budsjettmal.pdf'),
    token: f.admin.token,
    status: 201,
  }),
  'POST /api/admin/imports': (f) => ({ path: '/api/admin/imports', body: importForm(f), token: f.admin.token, status: 201 }),
  'POST /api/admin/imports/:id/run': async (f, t) => ({
    path: `/api/admin/imports/${await memberImport(f, t)}/run`,
    method: 'POST',
    json: { sendWelcome: true },
    token: f.admin.token,
    status: 202,
  }),
  'GET /api/admin/imports/:id': async (f, t) => ({
    path: `/api/admin/imports/${await memberImport(f, t)}`,
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/welcome-series': (f) => ({ path: '/api/admin/welcome-series', token: f.admin.token, status: 200 }),
  'POST /api/admin/welcome-series': (f) => ({
    path: '/api/admin/welcome-series',
    json: WELCOME_STEP,
    token: f.admin.token,
    status: 201,
  }),
  'POST /api/admin/welcome-series/test': (f) => ({
    path: '/api/admin/welcome-series/test',
    json: { subject: WELCOME_STEP.subject, markdown: WELCOME_STEP.markdown },
    token: f.admin.token,
    status: 200,
  }),
  'PUT /api/admin/welcome-series/:id': async (f, t) => ({
    path: `/api/admin/welcome-series/${await welcomeStep(t, f.admin.token)}`,
    method: 'PUT',
    json: WELCOME_STEP,
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/settings': (f) => ({ path: '/api/admin/settings', token: f.admin.token, status: 200 }),
  'GET /api/admin/webhooks': (f) => ({ path: '/api/admin/webhooks', token: f.admin.token, status: 200 }),
  'POST /api/admin/webhooks': (f) => ({
    path: '/api/admin/webhooks',
    json: { url: `https://hooks.example.com/${next()}`, events: ['member.created', 'subscription.started'] },
    token: f.admin.token,
    status: 201,
  }),
  'PATCH /api/admin/webhooks/:id': async (f, t) => ({
    path: `/api/admin/webhooks/${(await webhook(f, t)).id}`,
    method: 'PATCH',
    json: { enabled: false },
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/webhooks/:id': async (f, t) => ({
    path: `/api/admin/webhooks/${(await webhook(f, t)).id}`,
    method: 'DELETE',
    token: f.admin.token,
    status: 204,
  }),
  'GET /api/admin/webhooks/:id/deliveries': async (f, t) => ({
    path: `/api/admin/webhooks/${(await webhook(f, t)).id}/deliveries`,
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend': async (f, t) => {
    const { id, deliveryId } = await webhook(f, t);
    return {
      path: `/api/admin/webhooks/${id}/deliveries/${deliveryId}/resend`,
      method: 'POST',
      token: f.admin.token,
      status: 200,
    };
  },
  'PUT /api/admin/settings': (f) => ({
    path: '/api/admin/settings',
    method: 'PUT',
    json: { welcomeOffer: { plan: 'monthly', price: 199, days: 7 }, founder: { name: 'Siri', photoUrl: '', text: '' } },
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/welcome-series/:id': async (f, t) => ({
    path: `/api/admin/welcome-series/${await welcomeStep(t, f.admin.token)}`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
  'PUT /api/admin/welcome-series/order': async (f, t) => {
    const res = await t.as(f.admin.token).admin['welcome-series'].$get();
    if (res.status !== 200) throw new Error(`welcome series: ${res.status}`);
    const { steps } = await res.json();
    return {
      path: '/api/admin/welcome-series/order',
      method: 'PUT',
      json: { ids: steps.map((s) => s.id).reverse() },
      token: f.admin.token,
      status: 200,
    };
  },
  'GET /api/account/reminders': (f) => ({ path: '/api/account/reminders', token: f.learner.token, status: 200 }),
  'PUT /api/account/reminders': (f) => ({
    path: '/api/account/reminders',
    method: 'PUT',
    json: { enabled: true },
    token: f.learner.token,
    status: 200,
  }),
  'GET /api/reminders/off': async (f, t) => ({ path: await reminderOffPath(f, t), status: 200 }),
  'POST /api/reminders/off': async (f, t) => ({ path: await reminderOffPath(f, t), method: 'POST', status: 200 }),
  'POST /api/cancellation-reason': async (f, t) => {
    const { id } = await f.subscribe({ canceled: true });
    const [sub] = (await t.client.execute({ sql: 'SELECT id FROM subscriptions WHERE user_id = ?', args: [id] })).rows;
    const token = await reasonToken(t.deps.config, String(sub!.id));
    return { path: '/api/cancellation-reason', json: { token, reason: 'price' }, status: 200 };
  },
  'GET /api/admin/automations': (f) => ({ path: '/api/admin/automations', token: f.admin.token, status: 200 }),
  'GET /api/admin/automations/:kind': (f) => ({ path: '/api/admin/automations/cancellation', token: f.admin.token, status: 200 }),
  'PUT /api/admin/automations/:kind': (f) => ({
    path: '/api/admin/automations/onboarding',
    method: 'PUT',
    json: { enabled: true, mails: [{ delayDays: 0, subject: 'Velkommen', markdown: 'Hei!' }] },
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/tags': (f) => ({ path: '/api/admin/tags', token: f.admin.token, status: 200 }),
  'GET /api/admin/users/:id/tags': (f) => ({
    path: `/api/admin/users/${f.subscriber.id}/tags`,
    token: f.admin.token,
    status: 200,
  }),
  'PUT /api/admin/users/:id/tags/:tag': async (f) => ({
    path: `/api/admin/users/${(await f.person()).id}/tags/vip`,
    method: 'PUT',
    token: f.admin.token,
    status: 200,
  }),
  'DELETE /api/admin/users/:id/tags/:tag': async (f) => ({
    path: `/api/admin/users/${(await f.person()).id}/tags/vip`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/campaigns': (f) => ({ path: '/api/admin/campaigns', token: f.admin.token, status: 200 }),
  'GET /api/admin/newsletters': (f) => ({ path: '/api/admin/newsletters', token: f.admin.token, status: 200 }),
  'POST /api/admin/newsletters': (f) => ({ path: '/api/admin/newsletters', json: NEWSLETTER, token: f.admin.token, status: 201 }),
  'POST /api/admin/newsletters/preview': (f) => ({
    path: '/api/admin/newsletters/preview',
    json: NEWSLETTER,
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/newsletters/segment-count': (f) => ({
    path: '/api/admin/newsletters/segment-count?kind=inactive&days=30',
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/newsletters/:id': async (f, t) => ({
    path: `/api/admin/newsletters/${await newsletter(f, t)}`,
    token: f.admin.token,
    status: 200,
  }),
  'PUT /api/admin/newsletters/:id': async (f, t) => ({
    path: `/api/admin/newsletters/${await newsletter(f, t)}`,
    json: NEWSLETTER,
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/newsletters/:id/test': async (f, t) => ({
    path: `/api/admin/newsletters/${await newsletter(f, t)}/test`,
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/newsletters/:id/send': async (f, t) => ({
    path: `/api/admin/newsletters/${await newsletter(f, t)}/send`,
    json: {},
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/admin/newsletters/:id/cancel': async (f, t) => {
    const id = await newsletter(f, t);
    await t.request(`/api/admin/newsletters/${id}/send`, { json: {}, token: f.admin.token, headers: { 'x-test-ip': ip() } });
    return { path: `/api/admin/newsletters/${id}/cancel`, token: f.admin.token, status: 200 };
  },
  'POST /api/webhooks/mail': async (f, t) => {
    withMailWebhook(t);
    return {
      path: '/api/webhooks/mail',
      ...(await signedMailEvent(complaint(f.learner.email), { now: t.clock.now() })),
      status: 200,
    };
  },
  'POST /api/admin/campaigns': (f) => ({ path: '/api/admin/campaigns', json: CAMPAIGN_DRAFT, token: f.admin.token, status: 201 }),
  'PUT /api/admin/campaigns/:id': async (f) => ({
    path: `/api/admin/campaigns/${await f.campaign()}`,
    method: 'PUT',
    json: { ...CAMPAIGN_DRAFT, title: 'Endret' },
    token: f.admin.token,
    status: 200,
  }),
  'POST /api/payments/:provider/webhook': async (f, t) => {
    const payment = await f.stripeCheckout();
    // No Stripe subscription named: the webhook has nothing to read back from Stripe (no fake here).
    const event = checkoutCompleted(`evt_${payment.id}`, payment, { mode: 'subscription', invoice: `in_${payment.id}` });
    const { body, signature } = await signedStripeEvent(event, { at: t.clock.now() });
    return {
      path: '/api/payments/stripe/webhook',
      body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      status: 200,
    };
  },
  'GET /api/admin/referrals': (f) => ({ path: '/api/admin/referrals', token: f.admin.token, status: 200 }),
  'GET /api/admin/coupons': (f) => ({ path: '/api/admin/coupons', token: f.admin.token, status: 200 }),
  'POST /api/admin/coupons': (f) => ({
    path: '/api/admin/coupons',
    json: { code: `KODE${next()}`, amountOffNok: 100, plans: ['yearly'], periods: 1, maxRedemptions: 10 },
    token: f.admin.token,
    status: 201,
  }),
  'PATCH /api/admin/coupons/:id': async (f) => ({
    path: `/api/admin/coupons/${(await f.coupon()).id}`,
    method: 'PATCH',
    json: { active: false },
    token: f.admin.token,
    status: 200,
  }),
  'GET /api/admin/campaigns/active': (f) => ({ path: '/api/admin/campaigns/active', token: f.admin.token, status: 200 }),
  'DELETE /api/admin/campaigns/:id': async (f) => ({
    path: `/api/admin/campaigns/${await f.campaign()}`,
    method: 'DELETE',
    token: f.admin.token,
    status: 200,
  }),
};
