import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#support/app';
import { createApp } from './app';

// These tests only read, or write to addresses no other test uses, so one app serves the file.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Stack frames ("at fn (file.ts:1:2)") or file paths must never reach a client. */

const post = (path: string, body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.app.request(path, { method: 'POST', headers, body });

describe('request bodies', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const error = await expectApiError(await post('/api/auth/magic-link', '{"email": "kari@'), 400, 'invalid_json');
    expect(error.message).toBe('Forespørselen inneholder ugyldig JSON.');
  });

  it('answers a body that is not JSON with 415', async () => {
    const body = JSON.stringify({ email: 'kari@example.no' });
    const error = await expectApiError(
      await post('/api/auth/magic-link', body, { 'content-type': 'text/plain' }),
      415,
      'unsupported_media_type',
    );
    expect(error.message).toBe('Forespørselen må sendes som JSON (Content-Type: application/json).');
    await expectApiError(
      await post('/api/auth/magic-link', 'email=kari%40example.no', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported_media_type',
    );
    await expectApiError(await post('/api/auth/magic-link', body, {}), 415, 'unsupported_media_type');
    expect(await t.latestMail('kari@example.no')).toBeNull();
  });

  it('accepts a JSON content type with a charset', async () => {
    const res = await post('/api/auth/magic-link', JSON.stringify({ email: 'charset@example.no' }), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(200);
  });

  it('answers a body over 64 KB with 413 payload_too_large', async () => {
    const big = JSON.stringify({ email: 'stor@example.no', firstName: 'x'.repeat(70 * 1024) });
    const error = await expectApiError(await post('/api/auth/magic-link', big), 413, 'payload_too_large');
    expect(error.message).toBe('Forespørselen er for stor.');

    // Declared up front, as a real HTTP client would.
    await expectApiError(
      await post('/api/auth/magic-link', big, { 'content-type': 'application/json', 'content-length': String(big.length) }),
      413,
      'payload_too_large',
    );

    // Streamed without a length.
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.subarray(i, i + 8192));
        controller.close();
      },
    });
    const streamed = await t.app.request('/api/auth/magic-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    await expectApiError(streamed, 413, 'payload_too_large');
    expect(await t.latestMail('stor@example.no')).toBeNull();
  });

  it('lets a body just under 64 KB through to validation', async () => {
    const body = JSON.stringify({ email: 'nesten@example.no', firstName: 'x'.repeat(60 * 1024) });
    await expectApiError(await post('/api/auth/magic-link', body), 400, 'validation_error');
  });
});

describe('routing errors', () => {
  it('answers an unknown /api route with 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/finnes-ikke'],
      ['POST', '/api/auth/finnes-ikke'],
      ['GET', '/api/auth/magic-link'],
      ['DELETE', '/api/auth/me'],
    ] as const) {
      const res = await t.app.request(path, { method });
      const error = await expectApiError(res, 404, 'not_found');
      expect(error.message).toBe('Ukjent API-adresse.');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers an unexpected failure with a generic 500, never the error itself', async () => {
    const broken = createApp({
      ...t.deps,
      rateLimit: async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'secret_column')");
      },
    });
    const res = await broken.request('/api/auth/magic-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'kari@example.no' }),
    });
    const error = await expectApiError(res, 500, 'internal_error');
    expect(error.message).toBe('Noe gikk galt på serveren. Prøv igjen.');
    expect(JSON.stringify(error)).not.toContain('secret_column');
    // The operator reads it in the log: one line, with the request id the client was given.
    expect(t.logs.filter((l) => l.level === 'error')).toEqual([
      expect.objectContaining({
        requestId: error.requestId,
        route: '/api/auth/magic-link',
        error: "Cannot read properties of undefined (reading 'secret_column')",
      }),
    ]);
  });
});

describe('cross-origin protection', () => {
  const magicLink = (email: string, origin?: string) =>
    t.request('/api/auth/magic-link', { json: { email }, headers: origin ? { origin } : {} });

  it('refuses a state-changing call with a foreign Origin (403 forbidden_origin)', async () => {
    for (const origin of ['https://evil.com', 'http://localhost:4322', 'https://localhost:4321', 'null']) {
      const error = await expectApiError(await magicLink('csrf@example.no', origin), 403, 'forbidden_origin');
      expect(error.message).toBe('Forespørselen kom fra et ukjent opphav.');
    }
    expect(await t.latestMail('csrf@example.no')).toBeNull();
  });

  it('allows our own origin, and API clients that send none', async () => {
    expect((await magicLink('same-origin@example.no', TEST_ORIGIN)).status).toBe(200);
    expect((await magicLink('no-origin@example.no')).status).toBe(200);
  });

  it('does not block reads from another origin', async () => {
    const res = await t.request('/api/auth/me', { headers: { origin: 'https://evil.com' } });
    expect(res.status).toBe(401);
  });
});

describe('response headers', () => {
  function expectSecurityHeaders(res: Response) {
    const csp = res.headers.get('content-security-policy');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
  }

  it('sets the document security headers on pages, the 404 page included', async () => {
    const responses = [await t.app.request('/'), await t.app.request('/finnes-ikke')];
    expect(responses.map((r) => r.status)).toEqual([200, 404]);
    for (const res of responses) expectSecurityHeaders(res);
  });

  it('sets only nosniff on API answers, errors and redirects: the document headers act on documents', async () => {
    const responses = [
      await t.request('/api/health'),
      await t.request('/api/auth/me'),
      await post('/api/auth/magic-link', '{'),
      await t.app.request('/guide/mindset'),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 400, 301]);
    for (const res of responses) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('marks every /api answer Cache-Control: no-store, and leaves pages cacheable', async () => {
    for (const res of [
      await t.request('/api/health'),
      await t.request('/api/auth/me'),
      await post('/api/auth/magic-link', JSON.stringify({ email: 'x' })),
      await t.request('/api/finnes-ikke'),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect((await t.app.request('/')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('pages', () => {
  it('serves the front page', async () => {
    const res = await t.app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('<h1>Forside</h1>');
  });

  it('answers an unknown path with 404 and the 404 page', async () => {
    for (const path of ['/finnes-ikke', '/guide/lessons/mindset/ekstra', '/..%2F..%2Fetc%2Fpasswd', '/%E0%A4%A']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await res.text()).toBe('<h1>Fant ikke siden</h1>');
    }
  });

  it('redirects /vilkår to /vilkar', async () => {
    const res = await t.app.request('/vilk%C3%A5r');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/vilkar');
  });

  it.each([
    ['/guide/module/mindset', '/guide/lessons/mindset'],
    ['/guide/mindset', '/guide/lessons/mindset'],
    ['/guide/niche/', '/guide/lessons/niche'],
    ['/guide/module/build?fra=epost', '/guide/lessons/build?fra=epost'],
  ])('redirects %s to %s', async (from, to) => {
    const res = await t.app.request(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it('serves the module shell for /guide/lessons/{id}', async () => {
    const res = await t.app.request('/guide/lessons/mindset');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('<h1>Modulskall</h1>');
  });

  it.each(['/guide/login', '/guide/auth', '/guide/auth?token=abc'])('does not redirect %s', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).not.toBe(301);
    expect(res.headers.get('location')).toBeNull();
  });

  it('never redirects off the site', async () => {
    for (const path of ['/guide/%2F%2Fevil.com', '/guide//evil.com', '/guide/module/%2F%2Fevil.com']) {
      const res = await t.app.request(path);
      const location = res.headers.get('location');
      if (location) expect(location).toMatch(/^\/guide\/lessons\/[^/]/);
    }
  });
});
