import { afterEach, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#support/app';

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

  it('in development also accepts localhost and 127.0.0.1 on any port, and nothing else', async () => {
    t = await createTestApp({ env: { APP_ENV: 'development' } });
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4321', 'http://localhost']) {
      expect((await post(TEST_ORIGIN, origin)).status, origin).toBe(200);
    }
    for (const origin of [
      'https://localhost:5173',
      'http://localhost.evil.example',
      'http://127.0.0.2:4321',
      'http://[::1]:4321',
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
