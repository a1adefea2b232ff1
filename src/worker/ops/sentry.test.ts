import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/app';
import { SENTRY_TEST_KEY, startFakeSentry } from '#support/fake-sentry';
import { createApp } from '#worker/app';
import { parseConfig } from '#worker/config';
import { parseDsn } from './sentry';

let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
let t: TestApp;
beforeAll(async () => {
  sentry = await startFakeSentry();
  t = await createTestApp({ env: { SENTRY_DSN: sentry.dsn } });
});
afterAll(async () => {
  t.close();
  await sentry.close();
});

/** The app over `t`'s dependencies, with every page failing with `message`. */
const failingWith = (message: string) =>
  createApp({
    ...t.deps,
    assets: {
      fetch: async () => {
        throw new Error(message);
      },
    },
  });

describe('errors to a Sentry-compatible DSN', () => {
  it('sends an unexpected error as an envelope, scrubbed of addresses and tokens, without holding the answer', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    sentry.hold();
    const secret = 'sk_live_0123456789abcdefghijklmnopqrstuv';
    const broken = failingWith(`Kunne ikke hente side for kari@example.no med Bearer ${sessionToken} og ${secret}`);
    const res = await broken.request('/guide/login?token=abcdef');
    // Answered while the fake still holds its reply.
    expect(res.status).toBe(500);
    expect(sentry.envelopes).toHaveLength(0);
    sentry.release();

    const [envelope] = await sentry.received();
    expect(envelope!.headers['x-sentry-auth']).toMatch(new RegExp(`^Sentry sentry_version=7, .*sentry_key=${SENTRY_TEST_KEY}`));
    expect(envelope!.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(envelope!.item).toEqual({ type: 'event' });
    const { event } = envelope!;
    const body = (await res.json()) as { error: { requestId: string } };
    expect(event).toMatchObject({
      level: 'error',
      platform: 'javascript',
      environment: 'test',
      tags: { runtime: 'node', route: '/*', request_id: body.error.requestId },
      // The route pattern, never the path (its query carried a token).
      request: { method: 'GET', url: '/*' },
    });
    const [exception] = (event.exception as { values: { type: string; value: string; stacktrace: { frames: unknown[] } }[] })
      .values;
    expect(exception!.type).toBe('Error');
    expect(exception!.value).toBe('Kunne ikke hente side for [e-post] med Bearer [skjult] og [skjult]');
    expect(exception!.stacktrace.frames.length).toBeGreaterThan(0);
    expect(envelope!.raw).not.toContain('kari@example.no');
    expect(envelope!.raw).not.toContain(sessionToken);
    expect(envelope!.raw).not.toContain(secret);
    expect(envelope!.raw).not.toContain('abcdef');

    // The log line says it once, scrubbed too, with the same request id.
    const logged = t.logs.find((l) => l.level === 'error');
    expect(logged).toMatchObject({ requestId: body.error.requestId, route: '/*', error: exception!.value });
    expect(JSON.stringify(t.logs)).not.toContain('kari@example.no');
  });

  it('does not report what a client did wrong', async () => {
    const before = sentry.envelopes.length;
    expect((await t.api.account.$get()).status).toBe(401);
    expect((await t.request('/api/no-such-thing')).status).toBe(404);
    expect(sentry.envelopes).toHaveLength(before);
  });
});

describe('SENTRY_DSN', () => {
  it('maps a DSN to its envelope endpoint and key', () => {
    expect(parseDsn('https://abc123@o42.ingest.sentry.io/4501')).toEqual({
      endpoint: 'https://o42.ingest.sentry.io/api/4501/envelope/',
      publicKey: 'abc123',
    });
    expect(parseDsn('https://key@glitchtip.example.no/sub/7')?.endpoint).toBe('https://glitchtip.example.no/sub/api/7/envelope/');
  });

  it('refuses a setting that is no DSN, naming it', () => {
    expect(() => parseConfig({ SENTRY_DSN: 'https://sentry.example.no/' })).toThrow(/SENTRY_DSN: må være en Sentry-DSN/);
  });
});
