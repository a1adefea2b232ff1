import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('magic-link sign-in', () => {
  it('mails a link that signs a new user in once, creating the account', async () => {
    const res = await t.request('/api/auth/magic-link', { json: { email: ' Kari@Example.NO ' } });
    expect(res.status).toBe(200);
    const mail = await t.latestMail('kari@example.no');
    expect(mail?.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(mail?.text).toContain('15 minutter');

    const verify = await t.request(`/api/auth/verify?token=${mail!.token}`);
    expect(verify.status).toBe(200);
    expect(verify.headers.get('set-cookie')).toMatch(/sp_session=[\w-]+;.*HttpOnly.*SameSite=Lax/);
    const body = await verify.json();
    expect(body.user.email).toBe('kari@example.no');
    expect(body.redirectTo).toBe('/guide');

    const me = await t.request('/api/auth/me', { token: body.sessionToken });
    expect((await me.json()).user.email).toBe('kari@example.no');

    const again = await t.request(`/api/auth/verify?token=${mail!.token}`);
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('invalid_token');
  });
});
