import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetedClient } from '#support/budgeted-client';
import { createTestApp, type TestApp } from '#support/app';
import { expectApiError } from '#support/errors';
import { createApp } from './app';
import type { AppEnv } from './context';
import { accountRoutes } from './features/account/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { cancellationReasonRoutes } from './features/cancellation-reasons/routes';
import { eventRoutes } from './features/events/routes';
import { certificateRoutes, fileRoutes, guideRoutes } from './features/guide/routes';
import { healthRoutes } from './features/health/routes';
import { leadRoutes } from './features/leads/routes';
import { mailWebhookRoutes } from './features/mail-suppression/routes';
import { checkoutRoutes, paymentWebhookRoutes, premiumRoutes } from './features/premium/routes';
import { unsubscribeRoutes } from './features/privacy/routes';
import { questionRoutes } from './features/questions/routes';
import { reminderOffRoutes, reminderRoutes } from './features/reminders/routes';
import { receiptRoutes, subscriptionRoutes } from './features/subscriptions/routes';
import { bodyCeiling } from './http/body-limit';
import { checkOrigin } from './http/origin';

/** app.ts's sub-apps, in its order; the first test checks this list still has every route app.ts serves. */
const MOUNTS = [
  ['/health', healthRoutes],
  ['/auth', authRoutes],
  ['/lead', leadRoutes],
  ['/payments', paymentWebhookRoutes],
  ['/checkout', checkoutRoutes],
  ['/webhooks/mail', mailWebhookRoutes],
  ['/unsubscribe', unsubscribeRoutes],
  ['/reminders/off', reminderOffRoutes],
  ['/cancellation-reason', cancellationReasonRoutes],
  ['/certificates', certificateRoutes],
  ['/admin', adminRoutes],
  ['/event', eventRoutes],
  ['/premium', premiumRoutes],
  ['/guide', guideRoutes],
  ['/guide', questionRoutes],
  ['/account/subscription', subscriptionRoutes],
  ['/account/receipts', receiptRoutes],
  ['/files', fileRoutes],
  ['/account/reminders', reminderRoutes],
  ['/account', accountRoutes],
] as const;

function reversedApi() {
  const api = new Hono<AppEnv>().use(bodyCeiling, checkOrigin);
  for (const [path, routes] of MOUNTS.toReversed()) api.route(path, routes as Hono<AppEnv>);
  return api;
}

/** Every route an app answers, as `METHOD /path` (middleware left out), sorted. */
const routesOf = (app: { routes: { method: string; path: string }[] }) =>
  [...new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))].sort();

it('lists every route app.ts serves, so the reversed API below is the same API', async () => {
  const t = await createTestApp();
  expect(routesOf(createApp(t.deps, reversedApi()))).toEqual(routesOf(createApp(t.deps)));
  t.close();
});

/** Each sub-app declares its session, guard and body limit itself: mounted in reverse, the API answers the same. */
describe.each([
  ['as app.ts mounts them', undefined],
  ['mounted in reverse', reversedApi()],
])('the API with its sub-apps %s', (_, routes) => {
  let t: TestApp;
  let user: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, routes });
    user = (await t.signIn('rekkefolge@example.no')).sessionToken;
    admin = (await t.signIn('admin@soloprenor.no')).sessionToken;
  });
  afterAll(() => t.close());

  it('sees the session where a route asks for it, within two round trips', async () => {
    await expectApiError(await t.api.account.$get(), 401, 'unauthenticated');
    expect((await budgetedClient(t, user).account.$get()).status).toBe(200);
    expect((await budgetedClient(t, user).guide.modules.$get({ query: {} })).status).toBe(200);
    expect((await budgetedClient(t, user).premium.payments[':id'].$get({ param: { id: 'finnes-ikke' } })).status).toBe(404);
  });

  it('guards the admin (401, 403), and not the public active campaign beside it', async () => {
    await expectApiError(await t.api.admin.dashboard.$get(), 401, 'unauthenticated');
    await expectApiError(await t.as(user).admin.dashboard.$get(), 403, 'forbidden');
    expect((await budgetedClient(t, admin).admin.dashboard.$get()).status).toBe(200);
    await expectApiError(await t.request('/api/admin/finnes-ikke'), 401, 'unauthenticated');
    await expectApiError(await t.request('/api/admin/finnes-ikke', { token: user }), 403, 'forbidden');
    expect((await budgetedClient(t).admin.campaigns.active.$get()).status).toBe(200);
  });

  it('limits a JSON body to 64 KB and lets an upload be larger', async () => {
    const big = JSON.stringify({ email: 'stor@example.no', firstName: 'x'.repeat(70 * 1024) });
    const json = { 'content-type': 'application/json', 'content-length': String(big.length) };
    await expectApiError(
      await t.request('/api/auth/magic-link', { method: 'POST', body: big, headers: json }),
      413,
      'payload_too_large',
    );
    await expectApiError(
      await t.request('/api/account', { method: 'PATCH', body: big, headers: json, token: user }),
      413,
      'payload_too_large',
    );
    const form = new FormData();
    form.set('file', new File(['x'.repeat(200 * 1024)], 'stor.pdf', { type: 'application/pdf' }));
    const upload = await t.request('/api/admin/files', { method: 'POST', body: form, token: admin });
    expect(upload.status).not.toBe(413);
  });
});
