import { afterEach, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#support/app';
import { SESSION_COOKIE } from '#shared/constants';

let t: TestApp;
afterEach(() => t.close());

/** A state-changing call as a browser on `origin` would send it, to the host the request names. */
const post = (host: string, origin: string) =>
  t.app.request(`${host}/api/auth/logout`, { method: 'POST', headers: { origin, host: new URL(host).host } });

describe('checkOrigin', () => {
  it('accepts PUBLIC_URL’s origin only, never one built from the request’s own Host header', async () => {
    t = await createTestApp();
    expect((await post(TEST_ORIGIN, TEST_ORIGIN)).status).toBe(200);
    // The sender chooses Host: a page on evil.example posting to a server it reaches as evil.example.
    await expectApiError(await post('http://evil.example', 'http://evil.example'), 403, 'forbidden_origin');
    await expectApiError(await post('http://localhost', 'http://localhost'), 403, 'forbidden_origin');
  });

  it('in development also accepts localhost and 127.0.0.1 on the configured port only, and nothing else', async () => {
    t = await createTestApp({ env: { APP_ENV: 'development', PORT: '4400' } });
    for (const origin of ['http://localhost:4400', 'http://127.0.0.1:4400', TEST_ORIGIN]) {
      expect((await post(TEST_ORIGIN, origin)).status, origin).toBe(200);
    }
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:8080',
      'http://localhost',
      'https://localhost:4400',
      'http://localhost.evil.example',
      'http://127.0.0.2:4400',
    ]) {
      await expectApiError(await post(TEST_ORIGIN, origin), 403, 'forbidden_origin');
    }
  });

  it('outside development refuses other localhost ports', async () => {
    // Production settings refuse the outbox; the test app keeps its own outbox mailer all the same.
    const production = {
      APP_ENV: 'production',
      PUBLIC_URL: 'https://soloprenor.no',
      AUTH_SECRET: 'p'.repeat(32),
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail.example.no',
      PAYMENT_PROVIDER: 'none',
    };
    t = await createTestApp({ env: production });
    await expectApiError(await post('https://soloprenor.no', 'http://localhost:5173'), 403, 'forbidden_origin');
    expect((await post('https://soloprenor.no', 'https://soloprenor.no')).status).toBe(200);
  });
});

describe('checkOrigin: cookie-authenticated writes must show where they come from', () => {
  /** Signs in and answers the session cookie a browser would hold. */
  async function browserSession() {
    const { sessionToken } = await t.signIn('kari@example.no');
    return { cookie: `${SESSION_COOKIE}=${sessionToken}`, token: sessionToken };
  }
  const me = (headers: Record<string, string>) => t.app.request('/api/auth/me', { headers });
  const logoutAll = (headers: Record<string, string>) => t.app.request('/api/auth/logout-all', { method: 'POST', headers });

  it('refuses a cookie-carrying POST without Origin or Sec-Fetch-Site, and the session survives', async () => {
    t = await createTestApp();
    const { cookie } = await browserSession();
    await expectApiError(
      await logoutAll({ cookie }),
      403,
      'origin_required',
      'Forespørselen mangler opphav (Origin). Last inn siden på nytt og prøv igjen.',
    );
    expect((await me({ cookie })).status).toBe(200);
  });

  it('accepts it with our Origin, or with Sec-Fetch-Site: same-origin when the browser sends no Origin', async () => {
    t = await createTestApp();
    const first = await browserSession();
    expect((await logoutAll({ cookie: first.cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await me({ cookie: first.cookie })).status).toBe(401);
    const second = await browserSession();
    expect((await logoutAll({ cookie: second.cookie, origin: TEST_ORIGIN })).status).toBe(200);
    expect((await me({ cookie: second.cookie })).status).toBe(401);
  });

  it('refuses Sec-Fetch-Site other than same-origin', async () => {
    t = await createTestApp();
    const { cookie } = await browserSession();
    for (const site of ['cross-site', 'same-site', 'none']) {
      await expectApiError(await logoutAll({ cookie, 'sec-fetch-site': site }), 403, 'forbidden_origin');
    }
    expect((await me({ cookie })).status).toBe(200);
  });

  it('lets Bearer-token API clients and cookieless callers write without Origin', async () => {
    t = await createTestApp();
    const { token } = await browserSession();
    expect((await logoutAll({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await me({ authorization: `Bearer ${token}` })).status).toBe(401);
    const lead = await t.app.request('/api/lead', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'api@example.no', acceptTerms: true, consentMarketing: true }),
    });
    expect(lead.status).toBe(201);
  });

  it('never refuses a read', async () => {
    t = await createTestApp();
    const { cookie } = await browserSession();
    expect((await me({ cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });
});
