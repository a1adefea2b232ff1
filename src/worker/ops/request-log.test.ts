import { describe, expect, it } from 'vitest';
import { appPerTest } from '#support/app';
import { expectApiError } from '#support/errors';

const t = appPerTest();

/** The request lines the app wrote, in order. */
const requestLines = () => t.logs.filter((l) => l.msg === 'request');

describe('one JSON log line per request', () => {
  it('names the route pattern, method, status, duration and request id, and the user once signed in', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    t.logs.length = 0;
    const res = await t.as(sessionToken).account.$get();
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[\w-]{16}$/);
    expect(requestLines()).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: 'info',
        msg: 'request',
        requestId,
        method: 'GET',
        route: '/api/account',
        status: 200,
        durationMs: expect.any(Number),
        userId: user.id,
      },
    ]);
  });

  it('logs the pattern, never the path with its token, and no address or token anywhere', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    await t.api.auth.verify.$get({ query: { token: 'not-a-real-token-but-long-enough' } });
    const text = t.logs.map((l) => JSON.stringify(l)).join('\n');
    expect(text).not.toContain('kari@example.no');
    expect(text).not.toContain(sessionToken);
    expect(text).not.toContain('not-a-real-token');
    expect(requestLines().map((l) => l.route)).toContain('/api/auth/verify');
  });

  it('keeps a sane incoming X-Request-Id (or cf-ray) and replaces one that is not', async () => {
    const kept = await t.request('/api/health', { headers: { 'x-request-id': 'lb-2f9c1a77e0' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-2f9c1a77e0');
    const ray = await t.request('/api/health', { headers: { 'cf-ray': '8d2e5b0c1f3a4e21-OSL' } });
    expect(ray.headers.get('x-request-id')).toBe('8d2e5b0c1f3a4e21-OSL');
    const forged = await t.request('/api/health', { headers: { 'x-request-id': 'x"} {"level":"error' } });
    expect(forged.headers.get('x-request-id')).toMatch(/^[\w-]{16}$/);
  });

  it('puts the request id in every error answer, the same as the header and the log line', async () => {
    const res = await t.api.account.$get();
    const error = await expectApiError(res, 401, 'unauthenticated');
    expect(error.requestId).toBe(res.headers.get('x-request-id'));
    // The guard answered, but the line names the route the request was for.
    expect(requestLines().at(-1)).toMatchObject({ requestId: error.requestId, route: '/api/account', status: 401 });

    const missing = await t.request('/api/no-such-thing');
    const notFound = await expectApiError(missing, 404, 'not_found');
    expect(notFound.requestId).toBe(missing.headers.get('x-request-id'));
    expect(requestLines().at(-1)).toMatchObject({ route: '/api/*', status: 404 });
  });

  it('gives pages a request id and a line too', async () => {
    const res = await t.request('/');
    expect(res.status).toBe(200);
    expect(requestLines().at(-1)).toMatchObject({
      method: 'GET',
      route: '/*',
      status: 200,
      requestId: res.headers.get('x-request-id'),
    });
  });
});
