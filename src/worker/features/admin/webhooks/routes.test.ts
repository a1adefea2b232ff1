import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '#db/schema';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';
import { refusedUrl } from '#worker/features/webhooks/index';

const ctx = adminTestApp();
const BASE = '/api/admin/webhooks';
const HOOK = { url: 'https://hook.eu1.make.com/abc123', events: ['member.created', 'payment.refunded'] as const };

const hooks = () => ctx.s.api.admin.webhooks;
const register = async (json: { url: string; events: readonly (typeof HOOK.events)[number][] } = HOOK) => {
  const res = await hooks().$post({ json: { url: json.url, events: [...json.events] } });
  expect(res.status).toBe(201);
  return (await res.json()).webhook;
};

/** A delivery of `endpointId` as the job leaves one it gave up on. */
async function givenUpDelivery(endpointId: string) {
  const id = crypto.randomUUID();
  const at = new Date(ctx.t.clock.now() - 1000);
  await ctx.t.db.insert(webhookDeliveries).values({
    id,
    endpointId,
    eventId: 'evt-1',
    event: 'member.created',
    payload: '{}',
    status: 'failed',
    attempts: 9,
    lastStatus: 500,
    lastResponse: 'Internal Server Error',
    lastAttemptAt: at,
    nextAttemptAt: at,
    queuedAt: at,
    createdAt: at,
  });
  return id;
}

describe('/api/admin/webhooks', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', BASE],
      ['POST', BASE, HOOK],
      ['PATCH', `${BASE}/x`, { enabled: false }],
      ['DELETE', `${BASE}/x`],
      ['GET', `${BASE}/x/deliveries`],
      ['POST', `${BASE}/x/deliveries/y/resend`],
    ]);
    expect(await ctx.t.db.select().from(webhookEndpoints)).toEqual([]);
  });

  it('registers an endpoint and shows its secret once; the list never shows it; the audit log names the change', async () => {
    const webhook = await register();
    expect(webhook).toMatchObject({ url: HOOK.url, events: HOOK.events, enabled: true, pending: 0, failed: 0 });
    expect(webhook.secret).toMatch(/^whsec_[\w-]{43}$/);
    const list = await (await hooks().$get()).json();
    expect(list.webhooks).toEqual([{ ...webhook, secret: undefined }].map(({ secret: _, ...rest }) => rest));
    expect(JSON.stringify(list)).not.toContain(webhook.secret);
    const [audit] = await auditRows(ctx.t);
    expect(audit).toMatchObject({ action: 'webhook.create', targetType: 'webhook', targetId: webhook.id });
    expect(JSON.stringify(audit)).not.toContain(webhook.secret);
  });

  it('changes events, switches off and on, and deletes with its deliveries', async () => {
    const { id } = await register();
    await givenUpDelivery(id);
    const one = hooks()[':id'];
    const changed = await one.$patch({ param: { id }, json: { events: ['lesson.completed', 'lesson.completed'] } });
    expect(await changed.json()).toMatchObject({ webhook: { events: ['lesson.completed'], enabled: true, failed: 1 } });
    const off = await one.$patch({ param: { id }, json: { enabled: false } });
    expect(await off.json()).toMatchObject({ webhook: { events: ['lesson.completed'], enabled: false } });
    expect((await one.$delete({ param: { id } })).status).toBe(204);
    expect(await ctx.t.db.select().from(webhookDeliveries)).toEqual([]);
    expect((await auditRows(ctx.t)).map((a) => a.action)).toEqual([
      'webhook.delete',
      'webhook.update',
      'webhook.update',
      'webhook.create',
    ]);
  });

  it('lists an endpoint’s deliveries with their last answers, and queues one again', async () => {
    const { id } = await register();
    const deliveryId = await givenUpDelivery(id);
    const list = await (await hooks()[':id'].deliveries.$get({ param: { id } })).json();
    expect(list.deliveries).toMatchObject([
      {
        id: deliveryId,
        event: 'member.created',
        status: 'failed',
        attempts: 9,
        lastStatus: 500,
        lastResponse: 'Internal Server Error',
        nextAttemptAt: null,
      },
    ]);
    const resent = await hooks()[':id'].deliveries[':deliveryId'].resend.$post({ param: { id, deliveryId } });
    expect(resent.status).toBe(200);
    expect(await resent.json()).toMatchObject({
      delivery: { status: 'pending', attempts: 0, nextAttemptAt: new Date(ctx.t.clock.now()).toISOString() },
    });
  });

  it('answers 400 with a Norwegian message to a bad address or no events', async () => {
    const bad: [unknown, string, RegExp][] = [
      [{ ...HOOK, url: 'ikke en adresse' }, 'validation_error', /https:\/\//],
      [{ ...HOOK, url: 'ftp://example.com/x' }, 'validation_error', /https:\/\//],
      [{ ...HOOK, url: 'http://hooks.example.com/x' }, 'webhook_not_https', /må begynne med https:\/\//],
      [{ ...HOOK, events: [] }, 'validation_error', /Velg minst én hendelse/],
      [{ ...HOOK, events: ['member.deleted'] }, 'validation_error', /Ukjent hendelse/],
    ];
    for (const [json, code, message] of bad) {
      await expectApiError(
        await ctx.t.request(BASE, { method: 'POST', token: ctx.s.admin.sessionToken, json }),
        400,
        code,
        message,
      );
    }
    const { id } = await register();
    await expectApiError(
      await ctx.t.request(`${BASE}/${id}`, { method: 'PATCH', token: ctx.s.admin.sessionToken, json: {} }),
      400,
      'validation_error',
      /Oppgi hendelser eller på\/av/,
    );
    expect((await (await hooks().$get()).json()).webhooks).toHaveLength(1);
  });

  it('answers 404 for an unknown endpoint or delivery', async () => {
    const { id } = await register();
    const token = ctx.s.admin.sessionToken;
    await expectApiError(
      await ctx.t.request(`${BASE}/ukjent`, { method: 'PATCH', token, json: { enabled: false } }),
      404,
      'not_found',
    );
    await expectApiError(await ctx.t.request(`${BASE}/ukjent`, { method: 'DELETE', token }), 404, 'not_found');
    await expectApiError(await ctx.t.request(`${BASE}/ukjent/deliveries`, { token }), 404, 'not_found');
    await expectApiError(
      await ctx.t.request(`${BASE}/${id}/deliveries/ukjent/resend`, { method: 'POST', token }),
      404,
      'not_found',
    );
    expect(await ctx.t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id))).toHaveLength(1);
  });
});

describe('refusedUrl (where a webhook may go)', () => {
  const dev = { APP_ENV: 'development' } as const;
  const prod = { APP_ENV: 'production' } as const;
  it('takes https anywhere public, and plain http to this machine outside production only', () => {
    expect(refusedUrl(prod, 'https://hooks.zapier.com/hooks/catch/1/abc')).toBeNull();
    expect(refusedUrl(dev, 'http://localhost:3000/hook')).toBeNull();
    expect(refusedUrl(dev, 'http://127.0.0.1:3000/hook')).toBeNull();
    expect(refusedUrl(dev, 'http://crm.example.no/hook')).toBe('not_https');
    expect(refusedUrl(prod, 'http://localhost:3000/hook')).toBe('not_https');
  });

  it('refuses this machine and private networks in production (SSRF)', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '[::1]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      'intranet',
      'printer.local',
      'db.internal',
    ]) {
      expect(refusedUrl(prod, `https://${host}/hook`), host).toBe('private_address');
    }
    expect(refusedUrl(prod, 'https://172.32.0.1/hook')).toBeNull();
    expect(refusedUrl(dev, 'https://10.0.0.5/hook')).toBeNull();
  });
});
