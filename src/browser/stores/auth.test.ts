import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserFetchTo } from '#support/browser-fetch';
import { createTestApp, type TestApp } from '#support/app';
import { browserGlobals } from '#support/browser-globals';

browserGlobals();

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  vi.resetModules(); // each test is a fresh page: the store and its one session check start over
});
afterEach(() => t.close());

const freshStore = () => import('./auth');

describe('the auth store, against the real API', () => {
  it('asks the server once however many islands ask, and knows who is signed in', async () => {
    const { sessionToken } = await t.signIn('kari@example.com');
    const { calls } = browserFetchTo(t, sessionToken);
    const { $auth, checkSession } = await freshStore();
    const [a, b] = await Promise.all([checkSession(), checkSession()]);
    expect(a).toBe(b);
    expect($auth.get()).toMatchObject({ status: 'authenticated', user: { email: 'kari@example.com' } });
    expect(calls.filter((c) => c === 'GET /api/auth/me')).toHaveLength(1);
  });

  it('leaves a visitor without a session anonymous, silently', async () => {
    browserFetchTo(t);
    const { $auth, checkSession } = await freshStore();
    expect(await checkSession()).toEqual({ status: 'anonymous', user: null });
    expect($auth.get().status).toBe('anonymous');
  });

  it('asks again after a change, and forgets everything of the user after deletion', async () => {
    const { sessionToken } = await t.signIn('ola@example.com');
    const { calls } = browserFetchTo(t, sessionToken);
    const { $auth, checkSession, forgetUser, refreshUser } = await freshStore();
    await checkSession();
    await refreshUser();
    expect(calls.filter((c) => c === 'GET /api/auth/me')).toHaveLength(2);
    sessionStorage.setItem('pending-toast', '{}');
    localStorage.setItem('first-visit', '1');
    forgetUser();
    expect($auth.get().status).toBe('anonymous');
    expect([sessionStorage.length, localStorage.length]).toEqual([0, 0]);
  });
});
