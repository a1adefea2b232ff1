/**
 * Database round trips per API route, counted at the libSQL client as the tests count them
 * (`t.roundTrips`: each execute/batch is one HTTP request to the database on Workers). Every
 * API route the app has is called once, as the caller it is for (a signed-in user, the admin,
 * nobody), and must answer the status its recipe expects: a row that measured a 401 or 404
 * instead of the route's work is a failed row, never an "ok". The budget is at most two per
 * request, session lookup included (issue 8, §2). Routes that end a session or delete an
 * account get a user of their own, so no call spoils the ones after it. As in the tests
 * (`countOnlyTheRoute`), the per-client limiter and the outbox's own write are left out: in
 * production the one lives in the process or at Cloudflare's edge, and mail goes out over
 * SMTP or HTTP. Stripe is a local fake (tests/support/fake-stripe.ts), so the checkout and
 * its webhook are measured as they run.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { leads, lessons, modules, payments, reminderSettings, welcomeSteps } from '#db/schema';
import { CAMPAIGN_DRAFT } from '#shared/schemas/admin/campaigns';
import type { MagicLinkResponse } from '#shared/schemas/auth';
import type { ReceiptsResponse } from '#shared/schemas/subscriptions';
import type { UploadedFile } from '#shared/schemas/admin/content';
import { pdfForm } from '#support/upload-fixtures';
import { signedFileHref } from '#worker/features/guide/index';
import { createTestApp, type TestApp } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { checkoutCompleted, signedStripeEvent, startFakeStripe, stripeAppOptions } from '#support/fake-stripe';
import { apiRoutes, UPGRADE } from '#support/route-calls';
import { makeTemplateDb } from '#support/template-db';
import { unsubscribeLinks } from '#worker/features/privacy/index';
import { complaint, signedMailEvent, withMailWebhook } from '#support/mail-webhook';
import type { BenchReport } from './report';

const NEWSLETTER = { subject: 'Ukens tips', markdown: 'Hei!\n\nLes mer i [guiden](/guide).', segment: { kind: 'free' } };

/** A newsletter draft written through the API; its id. */
async function newNewsletter(t: TestApp, admin: string): Promise<string> {
  const res = await t.request('/api/admin/newsletters', { token: admin, json: NEWSLETTER });
  if (res.status !== 201) throw new Error(`newsletter: ${res.status}`);
  return ((await res.json()) as { newsletter: { id: string } }).newsletter.id;
}

const BUDGET = 2;

/** One call of a route and the status it must answer. `token`: whose session (none: anonymous). */
type Call = {
  path: string;
  json?: unknown;
  token?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  expect: number;
};

type Bench = {
  t: TestApp;
  /** The shared signed-in user (their session and id), and the admin. */
  user: string;
  userId: string;
  admin: string;
  /** A new user signed in for this call alone (for what ends sessions, deletes or pays). */
  own: (name: string) => Promise<{ token: string; id: string }>;
  module: string;
  lesson: string;
};

/** How to call each route meaningfully; preparation (a sign-in link, a row to delete) is not counted. */
const RECIPES: Record<string, (b: Bench) => Call | Promise<Call>> = {
  'GET /api/health': () => ({ path: '/api/health', expect: 200 }),
  'POST /api/auth/magic-link': () => ({ path: '/api/auth/magic-link', json: { email: 'bench.link@example.no' }, expect: 200 }),
  'GET /api/auth/verify': async ({ t }) => ({
    path: `/api/auth/verify?token=${(await freshMail(t, 'bench.verify@example.no')).token}`,
    expect: 200,
  }),
  'POST /api/auth/verify-code': async ({ t }) => {
    const email = 'bench.code@example.no';
    return { path: '/api/auth/verify-code', json: { email, code: (await freshMail(t, email)).code }, expect: 200 };
  },
  'GET /api/auth/magic-link/:requestId': async ({ t }) => {
    const sent = await t.request('/api/auth/magic-link', { json: { email: 'bench.status@example.no' } });
    const { requestId } = (await sent.json()) as MagicLinkResponse;
    return { path: `/api/auth/magic-link/${requestId}`, expect: 200 };
  },
  'GET /api/auth/me': ({ user }) => ({ path: '/api/auth/me', token: user, expect: 200 }),
  'POST /api/auth/logout': async ({ own }) => ({ path: '/api/auth/logout', token: (await own('logout')).token, expect: 200 }),
  'POST /api/auth/logout-all': async ({ own }) => ({
    path: '/api/auth/logout-all',
    token: (await own('logout-all')).token,
    expect: 200,
  }),
  'POST /api/lead': () => ({ path: '/api/lead', json: { email: 'bench.lead@example.no', consentMarketing: true }, expect: 201 }),
  'POST /api/payments/:provider/webhook': async ({ t, own }) => {
    const buyer = await own('webhook');
    const started = await t.request('/api/premium/upgrade', { token: buyer.token, json: UPGRADE });
    if (started.status !== 200) throw new Error(`checkout for the webhook: ${started.status}`);
    return { path: '/api/payments/stripe/webhook', ...(await signedCheckoutCompleted(t, buyer.id)), expect: 200 };
  },
  'GET /api/unsubscribe': async ({ t }) => ({ path: await unsubscribePath(t), expect: 200 }),
  'POST /api/unsubscribe': async ({ t }) => ({
    path: await unsubscribePath(t),
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    expect: 200,
  }),
  'GET /api/admin/campaigns/active': () => ({ path: '/api/admin/campaigns/active', expect: 200 }),

  'GET /api/admin/users': ({ admin }) => ({ path: '/api/admin/users', token: admin, expect: 200 }),
  'GET /api/admin/mail/failed': ({ admin }) => ({ path: '/api/admin/mail/failed', token: admin, expect: 200 }),
  'GET /api/admin/leads': ({ admin }) => ({ path: '/api/admin/leads?consent=never&page=1', token: admin, expect: 200 }),
  'GET /api/admin/leads/export': ({ admin }) => ({ path: '/api/admin/leads/export', token: admin, expect: 200 }),
  'GET /api/admin/leads/:id/consents': async ({ t, admin }) => {
    const email = 'bench.consents@example.no';
    await t.request('/api/lead', { json: { email, consentMarketing: true } });
    const [lead] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
    return { path: `/api/admin/leads/${lead!.id}/consents`, token: admin, expect: 200 };
  },
  'PATCH /api/admin/users/:id': async ({ admin, own }) => ({
    path: `/api/admin/users/${(await own('patched')).id}`,
    json: { adminNotes: 'Ringte om faktura' },
    token: admin,
    expect: 200,
  }),
  'DELETE /api/admin/users/:id': async ({ admin, own }) => ({
    path: `/api/admin/users/${(await own('deleted-by-admin')).id}`,
    token: admin,
    expect: 200,
  }),
  'POST /api/admin/users/:id/send-login-link': async ({ admin, own }) => ({
    path: `/api/admin/users/${(await own('sent-link')).id}/send-login-link`,
    token: admin,
    expect: 200,
  }),
  'POST /api/admin/users/:id/reset-progress': async ({ admin, own }) => ({
    path: `/api/admin/users/${(await own('reset')).id}/reset-progress`,
    token: admin,
    expect: 200,
  }),
  'GET /api/admin/users/:id/export': async ({ admin, own }) => ({
    path: `/api/admin/users/${(await own('exported')).id}/export`,
    token: admin,
    expect: 200,
  }),
  'GET /api/admin/dashboard': ({ admin }) => ({ path: '/api/admin/dashboard', token: admin, expect: 200 }),
  'GET /api/admin/dashboard/revenue': ({ admin }) => ({ path: '/api/admin/dashboard/revenue', token: admin, expect: 200 }),
  'GET /api/admin/content/modules': ({ admin }) => ({ path: '/api/admin/content/modules', token: admin, expect: 200 }),
  'POST /api/admin/content/preview': ({ admin }) => ({
    path: '/api/admin/content/preview',
    json: { markdown: '## Forhåndsvisning\n\nTekst' },
    token: admin,
    expect: 200,
  }),
  'POST /api/admin/content/modules': ({ admin }) => ({
    path: '/api/admin/content/modules',
    json: { id: 'bench-ny', title: 'Benkmodul' },
    token: admin,
    expect: 201,
  }),
  'PATCH /api/admin/content/modules/:id': ({ admin, module }) => ({
    path: `/api/admin/content/modules/${module}`,
    json: { description: 'Oppdatert av benken' },
    token: admin,
    expect: 200,
  }),
  'DELETE /api/admin/content/modules/:id': async ({ t, admin }) => {
    const made = await t.request('/api/admin/content/modules', { token: admin, json: { id: 'bench-slett', title: 'Slettes' } });
    if (made.status !== 201) throw new Error(`module to delete: ${made.status}`);
    return { path: '/api/admin/content/modules/bench-slett', token: admin, expect: 200 };
  },
  'POST /api/admin/content/lessons': ({ admin, module }) => ({
    path: '/api/admin/content/lessons',
    json: { moduleId: module, id: 'bench-leksjon', title: 'Benkleksjon' },
    token: admin,
    expect: 201,
  }),
  'PATCH /api/admin/content/lessons/:id': ({ admin, lesson }) => ({
    path: `/api/admin/content/lessons/${lesson}`,
    json: { description: 'Oppdatert av benken' },
    token: admin,
    expect: 200,
  }),
  'DELETE /api/admin/content/lessons/:id': async ({ t, admin, module }) => {
    const json = { moduleId: module, id: 'bench-slett-leksjon', title: 'Slettes' };
    const made = await t.request('/api/admin/content/lessons', { token: admin, json });
    if (made.status !== 201) throw new Error(`lesson to delete: ${made.status}`);
    return { path: '/api/admin/content/lessons/bench-slett-leksjon', token: admin, expect: 200 };
  },
  'GET /api/admin/welcome-series': ({ admin }) => ({ path: '/api/admin/welcome-series', token: admin, expect: 200 }),
  'POST /api/admin/welcome-series': ({ admin }) => ({
    path: '/api/admin/welcome-series',
    json: WELCOME_STEP,
    token: admin,
    expect: 201,
  }),
  'PUT /api/admin/welcome-series/:id': async ({ t, admin }) => ({
    path: `/api/admin/welcome-series/${await newWelcomeStep(t, admin)}`,
    json: { ...WELCOME_STEP, subject: 'Endret' },
    token: admin,
    expect: 200,
  }),
  'DELETE /api/admin/welcome-series/:id': async ({ t, admin }) => ({
    path: `/api/admin/welcome-series/${await newWelcomeStep(t, admin)}`,
    token: admin,
    expect: 200,
  }),
  'PUT /api/admin/welcome-series/order': async ({ t, admin }) => ({
    path: '/api/admin/welcome-series/order',
    json: { ids: [...(await welcomeStepIds(t))].reverse() },
    token: admin,
    expect: 200,
  }),
  'GET /api/account/reminders': ({ user }) => ({ path: '/api/account/reminders', token: user, expect: 200 }),
  'PUT /api/account/reminders': ({ user }) => ({
    path: '/api/account/reminders',
    json: { enabled: true },
    token: user,
    expect: 200,
  }),
  'GET /api/reminders/off': async ({ t, own }) => ({ path: await reminderOffPath(t, own), expect: 200 }),
  'POST /api/reminders/off': async ({ t, own }) => ({
    path: await reminderOffPath(t, own),
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    expect: 200,
  }),
  'GET /api/admin/campaigns': ({ admin }) => ({ path: '/api/admin/campaigns', token: admin, expect: 200 }),
  'GET /api/admin/newsletters': ({ admin }) => ({ path: '/api/admin/newsletters', token: admin, expect: 200 }),
  'POST /api/admin/newsletters': ({ admin }) => ({ path: '/api/admin/newsletters', json: NEWSLETTER, token: admin, expect: 201 }),
  'POST /api/admin/newsletters/preview': ({ admin }) => ({
    path: '/api/admin/newsletters/preview',
    json: NEWSLETTER,
    token: admin,
    expect: 200,
  }),
  'GET /api/admin/newsletters/segment-count': ({ admin }) => ({
    path: '/api/admin/newsletters/segment-count?kind=free',
    token: admin,
    expect: 200,
  }),
  'GET /api/admin/newsletters/:id': async ({ t, admin }) => ({
    path: `/api/admin/newsletters/${await newNewsletter(t, admin)}`,
    token: admin,
    expect: 200,
  }),
  'PUT /api/admin/newsletters/:id': async ({ t, admin }) => ({
    path: `/api/admin/newsletters/${await newNewsletter(t, admin)}`,
    json: NEWSLETTER,
    token: admin,
    expect: 200,
  }),
  'POST /api/admin/newsletters/:id/test': async ({ t, admin }) => ({
    path: `/api/admin/newsletters/${await newNewsletter(t, admin)}/test`,
    token: admin,
    expect: 200,
  }),
  'POST /api/admin/newsletters/:id/send': async ({ t, admin }) => ({
    path: `/api/admin/newsletters/${await newNewsletter(t, admin)}/send`,
    json: {},
    token: admin,
    expect: 200,
  }),
  'POST /api/admin/newsletters/:id/cancel': async ({ t, admin }) => {
    const id = await newNewsletter(t, admin);
    await t.request(`/api/admin/newsletters/${id}/send`, { json: {}, token: admin });
    return { path: `/api/admin/newsletters/${id}/cancel`, token: admin, expect: 200 };
  },
  'POST /api/webhooks/mail': async ({ t }) => {
    withMailWebhook(t);
    return {
      path: '/api/webhooks/mail',
      ...(await signedMailEvent(complaint('bench.klage@example.no'), { now: t.clock.now() })),
      expect: 200,
    };
  },
  'POST /api/admin/campaigns': ({ admin }) => ({ path: '/api/admin/campaigns', json: CAMPAIGN_DRAFT, token: admin, expect: 201 }),
  'PUT /api/admin/campaigns/:id': async ({ t, admin }) => ({
    path: `/api/admin/campaigns/${await newCampaign(t, admin)}`,
    json: { ...CAMPAIGN_DRAFT, title: 'Endret' },
    token: admin,
    expect: 200,
  }),
  'DELETE /api/admin/campaigns/:id': async ({ t, admin }) => ({
    path: `/api/admin/campaigns/${await newCampaign(t, admin)}`,
    token: admin,
    expect: 200,
  }),

  'POST /api/event': ({ user }) => ({ path: '/api/event', json: { eventName: 'cta_hero_click' }, token: user, expect: 201 }),
  'GET /api/premium/offer': ({ user }) => ({ path: '/api/premium/offer', token: user, expect: 200 }),
  'POST /api/premium/upgrade': async ({ own }) => ({
    path: '/api/premium/upgrade',
    json: UPGRADE,
    token: (await own('upgrade')).token,
    expect: 200,
  }),
  'GET /api/premium/payments/:id': async ({ t, own }) => {
    const buyer = await own('checkout-status');
    const started = await t.request('/api/premium/upgrade', { token: buyer.token, json: UPGRADE });
    if (started.status !== 200) throw new Error(`checkout for its status: ${started.status}`);
    const { paymentId } = (await started.json()) as { paymentId: string };
    return { path: `/api/premium/payments/${paymentId}`, token: buyer.token, expect: 200 };
  },
  'GET /api/premium/upsell': ({ user }) => ({ path: '/api/premium/upsell', token: user, expect: 200 }),
  'POST /api/premium/upsell/events': ({ user }) => ({
    path: '/api/premium/upsell/events',
    json: { campaignId: 'default', kind: 'shown', placement: 'modal', reason: 'visit' },
    token: user,
    expect: 200,
  }),
  'GET /api/guide/modules': ({ user }) => ({ path: '/api/guide/modules', token: user, expect: 200 }),
  'GET /api/guide/modules/:id': ({ user, module }) => ({ path: `/api/guide/modules/${module}`, token: user, expect: 200 }),
  'GET /api/guide/streak': ({ user }) => ({ path: '/api/guide/streak', token: user, expect: 200 }),
  'POST /api/guide/streak': ({ user }) => ({ path: '/api/guide/streak', json: {}, token: user, expect: 200 }),
  'GET /api/guide/progress': ({ user }) => ({ path: '/api/guide/progress', token: user, expect: 200 }),
  'POST /api/guide/progress': ({ user, module, lesson }) => ({
    path: '/api/guide/progress',
    json: { moduleId: module, completedSections: [lesson] },
    token: user,
    expect: 200,
  }),
  'POST /api/guide/action': ({ user, module, lesson }) => ({
    path: '/api/guide/action',
    json: { actionType: 'lesson_completed', actionData: { lessonId: lesson }, moduleId: module },
    token: user,
    expect: 200,
  }),
  'GET /api/guide/search': ({ user }) => ({ path: '/api/guide/search?q=leksjon', token: user, expect: 200 }),
  'GET /api/guide/certificate': async ({ t, own }) => {
    // A learner with a name who has completed every free lesson of every free module.
    const graduate = await own('graduate');
    await t.client.batch(
      [
        { sql: "UPDATE users SET first_name = 'Benk' WHERE id = ?", args: [graduate.id] },
        {
          sql: `INSERT INTO lesson_completions (user_id, lesson_id, module_id, created_at)
            SELECT ?, l.id, l.module_id, ? FROM lessons l JOIN modules m ON m.id = l.module_id
            WHERE l.is_premium = 0 AND m.is_premium = 0 AND l.status = 'published' AND m.status = 'published'`,
          args: [graduate.id, t.clock.now()],
        },
      ],
      'write',
    );
    return { path: '/api/guide/certificate', token: graduate.token, expect: 200 };
  },
  'GET /api/account': ({ user }) => ({ path: '/api/account', token: user, expect: 200 }),
  'PATCH /api/account': ({ user }) => ({ path: '/api/account', json: { firstName: 'Benk' }, token: user, expect: 200 }),
  'PUT /api/account/consent': ({ user }) => ({
    path: '/api/account/consent',
    json: { marketing: false },
    token: user,
    expect: 200,
  }),
  'POST /api/account/email': async ({ own }) => ({
    path: '/api/account/email',
    json: { email: 'bench.ny-adresse@example.no' },
    token: (await own('email-change')).token,
    expect: 200,
  }),
  'POST /api/account/email/confirm': async ({ t, own }) => {
    const { token } = await own('email-confirm');
    const to = 'bench.bekreftet@example.no';
    const asked = await t.request('/api/account/email', { token, json: { email: to } });
    if (asked.status !== 200) throw new Error(`address change: ${asked.status}`);
    const link = /https?:\/\/\S+\/guide\/ny-epost\?token=[\w-]+/.exec((await t.latestMail(to))?.text ?? '')?.[0];
    if (!link) throw new Error(`no address-change link mailed to ${to}`);
    return { path: '/api/account/email/confirm', json: { token: new URL(link).searchParams.get('token') }, token, expect: 200 };
  },
  'PUT /api/admin/content/order': async ({ t, admin, module }) => {
    const rows = await t.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.moduleId, module))
      .orderBy(asc(lessons.order));
    return {
      path: '/api/admin/content/order',
      json: { moduleId: module, lessons: rows.map((r) => r.id) },
      token: admin,
      expect: 200,
    };
  },
  'POST /api/admin/files': ({ admin }) => ({
    path: '/api/admin/files',
    body: pdfForm('Budsjettmal.pdf'),
    token: admin,
    expect: 201,
  }),
  'PUT /api/guide/lessons/:id/position': async ({ t, admin, user, lesson }) => {
    // A position is kept for a lesson with a video.
    await t.request(`/api/admin/content/lessons/${lesson}`, {
      method: 'PATCH',
      json: { videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      token: admin,
    });
    return { path: `/api/guide/lessons/${lesson}/position`, json: { seconds: 42 }, token: user, expect: 200 };
  },
  'GET /api/files/:id': async ({ t, admin, user, userId, lesson }) => {
    const uploaded = await t.request('/api/admin/files', { body: pdfForm('Mal.pdf'), token: admin });
    const { file } = (await uploaded.json()) as { file: UploadedFile };
    await t.request(`/api/admin/content/lessons/${lesson}`, {
      method: 'PATCH',
      json: { resources: [{ title: 'Mal', fileId: file.id }] },
      token: admin,
    });
    return { path: await signedFileHref(t.deps.config, userId, file.id, t.clock.now()), token: user, expect: 200 };
  },
  'GET /api/account/export': ({ user }) => ({ path: '/api/account/export', token: user, expect: 200 }),
  'GET /api/account/subscription': async (b) => ({
    path: '/api/account/subscription',
    token: (await subscribed(b, 'subscription')).token,
    expect: 200,
  }),
  'POST /api/account/subscription/cancel': async (b) => ({
    path: '/api/account/subscription/cancel',
    token: (await subscribed(b, 'cancel')).token,
    expect: 200,
  }),
  'POST /api/account/subscription/resume': async (b) => {
    const { token } = await subscribed(b, 'resume');
    await b.t.request('/api/account/subscription/cancel', { method: 'POST', token });
    return { path: '/api/account/subscription/resume', token, expect: 200 };
  },
  'GET /api/account/receipts': async (b) => ({
    path: '/api/account/receipts',
    token: (await subscribed(b, 'receipts')).token,
    expect: 200,
  }),
  'GET /api/account/receipts/:number': async (b) => {
    const { token } = await subscribed(b, 'receipt');
    const { receipts } = (await (await b.t.request('/api/account/receipts', { token })).json()) as ReceiptsResponse;
    return { path: `/api/account/receipts/${receipts[0]!.number}`, token, expect: 200 };
  },
  'GET /api/admin/payments': async (b) => ({
    path: `/api/admin/payments?user=${(await subscribed(b, 'billing')).id}`,
    token: b.admin,
    expect: 200,
  }),
  'POST /api/admin/payments/:id/refund': async (b) => {
    const { id } = await subscribed(b, 'refund');
    const [payment] = await b.t.db.select({ id: payments.id }).from(payments).where(eq(payments.userId, id));
    return { path: `/api/admin/payments/${payment!.id}/refund`, token: b.admin, expect: 200 };
  },
  'DELETE /api/account': async ({ own }) => ({ path: '/api/account', token: (await own('delete-account')).token, expect: 200 }),
};

/** Stripe's signed word that `userId`'s checkout (subscription mode) is paid. */
async function signedCheckoutCompleted(t: TestApp, userId: string) {
  const [payment] = await t.db.select().from(payments).where(eq(payments.userId, userId));
  const { id } = payment!;
  const event = checkoutCompleted(`evt_${id}`, payment!, {
    mode: 'subscription',
    subscription: `sub_${id}`,
    invoice: `in_${id}`,
  });
  const { body, signature } = await signedStripeEvent(event, { at: t.clock.now() });
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

/** A user of their own who has bought Premium through Stripe's checkout: a subscription, its payment and first receipt. */
async function subscribed({ t, own }: Bench, name: string) {
  const user = await own(name);
  const started = await t.request('/api/premium/upgrade', { token: user.token, json: UPGRADE });
  if (started.status !== 200) throw new Error(`checkout for ${name}: ${started.status}`);
  const paid = await t.app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    ...(await signedCheckoutCompleted(t, user.id)),
  });
  if (paid.status !== 200) throw new Error(`checkout webhook for ${name}: ${paid.status}`);
  return user;
}

async function freshMail(t: TestApp, email: string) {
  const sent = await t.request('/api/auth/magic-link', { json: { email } });
  if (sent.status !== 200) throw new Error(`magic-link for ${email}: ${sent.status}`);
  return (await t.latestMail(email))!;
}

/** The one-click unsubscribe address a marketing mail carries, without the host. */
async function unsubscribePath(t: TestApp) {
  const url = new URL((await unsubscribeLinks(t.deps.config, 'bench.avmeld@example.no')).oneClick);
  return url.pathname + url.search;
}

const WELCOME_STEP = { delayDays: 3, subject: 'Benk', markdown: 'Hei fra benken' };

async function newWelcomeStep(t: TestApp, admin: string): Promise<string> {
  const res = await t.request('/api/admin/welcome-series', { token: admin, json: WELCOME_STEP });
  if (res.status !== 201) throw new Error(`welcome step to change: ${res.status}`);
  return ((await res.json()) as { step: { id: string } }).step.id;
}

const welcomeStepIds = async (t: TestApp) =>
  (await t.db.select({ id: welcomeSteps.id }).from(welcomeSteps).orderBy(welcomeSteps.position)).map((r) => r.id);

/** The turn-off link of a new learner's reminders, without the host. */
async function reminderOffPath(t: TestApp, own: Bench['own']) {
  const user = await own(`paminnelse-${Math.random().toString(36).slice(2)}`);
  const res = await t.request('/api/account/reminders', { method: 'PUT', token: user.token, json: { enabled: true } });
  if (res.status !== 200) throw new Error(`reminders on: ${res.status}`);
  const [row] = await t.db
    .select({ token: reminderSettings.offToken })
    .from(reminderSettings)
    .where(eq(reminderSettings.userId, user.id));
  return `/api/reminders/off?token=${encodeURIComponent(row!.token)}`;
}

async function newCampaign(t: TestApp, admin: string): Promise<string> {
  const res = await t.request('/api/admin/campaigns', { token: admin, json: CAMPAIGN_DRAFT });
  if (res.status !== 201) throw new Error(`campaign to change: ${res.status}`);
  return ((await res.json()) as { campaign: { id: string } }).campaign.id;
}

export async function roundTripsPerRoute(report: BenchReport): Promise<void> {
  // A template of its own, so nothing is left in the temp dir (in a Vitest run, its global setup's).
  const template = process.env.SOLOPRENOR_TEMPLATE_DB ? null : await makeTemplateDb();
  if (template) process.env.SOLOPRENOR_TEMPLATE_DB = template;
  const stripe = await startFakeStripe();
  const t = await createTestApp(stripeAppOptions(stripe));
  countOnlyTheRoute(t);
  try {
    const [mod] = await t.db.select({ id: modules.id }).from(modules).orderBy(asc(modules.order)).limit(1);
    const [lesson] = await t.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.moduleId, mod!.id))
      .orderBy(asc(lessons.order))
      .limit(1);
    const own = async (name: string) => {
      const { sessionToken, user } = await t.signIn(`bench.${name}@example.no`);
      return { token: sessionToken, id: user.id };
    };
    const shared = await own('user');
    const bench: Bench = {
      t,
      user: shared.token,
      userId: shared.id,
      admin: (await t.signIn('admin@soloprenor.no')).sessionToken,
      own,
      module: mod!.id,
      lesson: lesson!.id,
    };

    for (const route of apiRoutes(t)) {
      const method = route.split(' ')[0]!;
      const recipe = RECIPES[route];
      if (!recipe) {
        report.row(`Round trips ${route}`, 'no recipe', `≤ ${BUDGET}, expected status`, false);
        continue;
      }
      let call: Call;
      try {
        call = await recipe(bench);
      } catch (err) {
        report.row(`Round trips ${route}`, `preparation failed: ${(err as Error).message}`, `≤ ${BUDGET}`, false);
        continue;
      }
      t.roundTrips.reset();
      const res = await t.request(call.path, { ...call, method });
      const trips = t.roundTrips.count;
      const asExpected = res.status === call.expect;
      report.row(
        `Round trips ${route}`,
        asExpected ? `${trips}  [HTTP ${res.status}]` : `${trips}  [HTTP ${res.status}, expected ${call.expect}]`,
        `≤ ${BUDGET}, HTTP ${call.expect}`,
        asExpected && trips <= BUDGET,
      );
      if (!asExpected) report.note(`Round trips ${route}: HTTP ${res.status} instead of ${call.expect}: ${await res.text()}`);
    }
    for (const r of Object.keys(RECIPES)) {
      if (!apiRoutes(t).includes(r)) report.note(`Round trips: ${r} has a recipe but the app has no such route.`);
    }
  } finally {
    t.close();
    stripe.close();
    if (template) {
      delete process.env.SOLOPRENOR_TEMPLATE_DB;
      rmSync(dirname(template), { recursive: true, force: true });
    }
  }
}
