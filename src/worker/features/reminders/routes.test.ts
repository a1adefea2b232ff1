import { describe, expect, it } from 'vitest';
import { reminderSettings } from '#db/schema';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { expectApiError } from '#support/errors';

const t = appPerTest();
const PATH = '/api/account/reminders';
const INVALID = 'Lenken er ugyldig. Du kan slå av påminnelser i profilen din.';

const setReminders = (token: string, json: unknown) => t.request(PATH, { method: 'PUT', json, token });
const offToken = async () => (await t.db.select().from(reminderSettings))[0]!.offToken;
const offPath = (token: string) => `/api/reminders/off?token=${encodeURIComponent(token)}`;
/** The mail client's one-click POST (RFC 8058): form body, no Origin, no cookie. */
const oneClick = (token: string) =>
  t.app.request(offPath(token), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

describe('/api/account/reminders', () => {
  it('is off until the learner turns it on, and saves each change at once', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    expect(await (await t.request(PATH, { token: sessionToken })).json()).toEqual({ enabled: false });
    const on = await setReminders(sessionToken, { enabled: true });
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ enabled: true, message: 'Du får påminnelser på e-post' });
    expect(await (await t.request(PATH, { token: sessionToken })).json()).toEqual({ enabled: true });
    expect(await (await setReminders(sessionToken, { enabled: false })).json()).toEqual({
      enabled: false,
      message: 'Påminnelser på e-post er slått av',
    });
    expect(await (await t.request(PATH, { token: sessionToken })).json()).toEqual({ enabled: false });
  });

  it('refuses bad input and answers 401 without a session', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (const json of [{}, { enabled: 'ja' }, { enabled: true, extra: 1 }]) {
      await expectApiError(await setReminders(sessionToken, json), 400, 'validation_error');
    }
    await expectApiError(await t.request(PATH), 401, 'unauthenticated');
    await expectApiError(await t.request(PATH, { method: 'PUT', json: { enabled: true } }), 401, 'unauthenticated');
    expect(await t.db.select().from(reminderSettings)).toEqual([]);
  });

  it('costs at most two round trips, session included', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    countOnlyTheRoute(t);
    expect(await roundTripsOf(t, () => setReminders(sessionToken, { enabled: true }), 200)).toBeLessThanOrEqual(2);
    expect(await roundTripsOf(t, () => t.request(PATH, { token: sessionToken }), 200)).toBeLessThanOrEqual(2);
  });
});

describe('/api/reminders/off (the link in every reminder)', () => {
  it('turns reminders off in one click without signing in, and keeps working after they are turned on again', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await setReminders(sessionToken, { enabled: true });
    const token = await offToken();
    expect(await (await t.request(offPath(token))).json()).toEqual({ enabled: true });
    const res = await oneClick(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ enabled: false });
    expect(await (await t.request(PATH, { token: sessionToken })).json()).toEqual({ enabled: false });
    await setReminders(sessionToken, { enabled: true });
    expect(await offToken()).toBe(token);
    expect((await oneClick(token)).status).toBe(200);
    expect(await (await t.request(PATH, { token: sessionToken })).json()).toEqual({ enabled: false });
  });

  it('gives a browser a page that asks first (a link scanner turns nothing off), then a page that confirms', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await setReminders(sessionToken, { enabled: true });
    const token = await offToken();
    const page = await t.request(offPath(token), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Slå av påminnelser</h1>');
    expect(html).toContain(
      `<form method="post" action="${offPath(token)}"><button type="submit">Slå av påminnelser</button></form>`,
    );
    expect(await (await t.request(PATH, { token: sessionToken })).json()).toEqual({ enabled: true });

    const done = await t.request(offPath(token), {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
      body: '',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('<h1>Påminnelser er slått av</h1>');
  });

  it('answers 404 for a link that names no one, and 400 without a token', async () => {
    await expectApiError(await oneClick('ukjent'), 404, 'not_found', INVALID);
    await expectApiError(await t.request(offPath('ukjent')), 404, 'not_found', INVALID);
    const page = await t.request(offPath('ukjent'), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(INVALID);
    await expectApiError(await t.request('/api/reminders/off'), 400, 'validation_error');
  });

  it('costs at most two round trips', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await setReminders(sessionToken, { enabled: true });
    const token = await offToken();
    countOnlyTheRoute(t);
    expect(await roundTripsOf(t, () => t.request(offPath(token)), 200)).toBeLessThanOrEqual(2);
    expect(await roundTripsOf(t, () => oneClick(token), 200)).toBeLessThanOrEqual(2);
  });
});
