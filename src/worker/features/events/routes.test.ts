import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { analyticsEvents } from '#db/schema';
import { EVENT_NAMES } from '#shared/schemas/events';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';

const UNKNOWN_EVENT = 'Ukjent hendelse';
const PROPS_TOO_LARGE = 'Hendelsesdata er for store';
const QUESTION = 'Må jeg kunne programmere for å følge guiden?';

const t = appPerTest();

const postEvent = (json: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
  t.request('/api/event', { json, ...init });

async function createLead(email = 'kari@example.no') {
  const res = await t.request('/api/lead', { json: { email, consentMarketing: true, sendMagicLink: false } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { leadId: string }).leadId;
}

const eventRows = () => t.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);

describe('POST /api/event', () => {
  it('stores each allowed event', async () => {
    const leadId = await createLead();
    const events = [
      { eventName: 'lead_submit', leadId },
      { eventName: 'cta_hero_click' },
      { eventName: 'cta_mid_click' },
      { eventName: 'faq_open', eventProps: { question: QUESTION } },
    ];
    expect(events.map((e) => e.eventName).sort()).toEqual([...EVENT_NAMES].sort());
    for (const event of events) {
      const res = await postEvent(event);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ ok: true });
    }
    const rows = await eventRows();
    expect(rows.map((r) => ({ eventName: r.eventName, leadId: r.leadId, userId: r.userId, props: r.props }))).toEqual([
      { eventName: 'lead_submit', leadId, userId: null, props: null },
      { eventName: 'cta_hero_click', leadId: null, userId: null, props: null },
      { eventName: 'cta_mid_click', leadId: null, userId: null, props: null },
      { eventName: 'faq_open', leadId: null, userId: null, props: { question: QUESTION } },
    ]);
  });

  it('rejects an unknown or missing event name with "Ukjent hendelse"', async () => {
    for (const eventName of ['page_view', 'LEAD_SUBMIT', '', 42]) {
      await expectApiError(await postEvent({ eventName }), 400, 'validation_error', UNKNOWN_EVENT);
    }
    await expectApiError(await postEvent({}), 400, 'validation_error', UNKNOWN_EVENT);
    expect(await eventRows()).toEqual([]);
  });

  it('rejects oversized props with "Hendelsesdata er for store"', async () => {
    const tooManyKeys = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i]));
    const tooManyBytes = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`k${i}`, 'x'.repeat(250)]));
    const longValue = { question: 'x'.repeat(301) };
    const longKey = { ['k'.repeat(41)]: 1 };
    for (const eventProps of [tooManyKeys, tooManyBytes, longValue, longKey]) {
      await expectApiError(
        await postEvent({ eventName: 'cta_hero_click', eventProps }),
        400,
        'validation_error',
        PROPS_TOO_LARGE,
      );
    }
    expect(await eventRows()).toEqual([]);
  });

  it('rejects props that are not a flat object of plain values', async () => {
    for (const eventProps of ['tekst', [1, 2], { nested: { a: 1 } }, { empty: null }]) {
      await expectApiError(await postEvent({ eventName: 'cta_hero_click', eventProps }), 400, 'validation_error');
    }
    expect(await eventRows()).toEqual([]);
  });

  it('requires the question on faq_open', async () => {
    const message = 'Hendelsen faq_open må ha spørsmålet i eventProps.question';
    await expectApiError(await postEvent({ eventName: 'faq_open' }), 400, 'validation_error', message);
    await expectApiError(
      await postEvent({ eventName: 'faq_open', eventProps: { spørsmål: QUESTION } }),
      400,
      'validation_error',
      message,
    );
    await expectApiError(
      await postEvent({ eventName: 'faq_open', eventProps: { question: 3 } }),
      400,
      'validation_error',
      message,
    );
    expect(await eventRows()).toEqual([]);
  });

  it('answers 404 for an unknown leadId', async () => {
    await createLead();
    const res = await postEvent({ eventName: 'lead_submit', leadId: '00000000-0000-4000-8000-000000000000' });
    await expectApiError(res, 404, 'not_found', 'Fant ikke påmeldingen');
    expect(await eventRows()).toEqual([]);
  });

  it("stores the signed-in user's id", async () => {
    const { sessionToken, user } = await t.signIn('innlogget@example.no');
    expect((await postEvent({ eventName: 'cta_mid_click' }, { token: sessionToken })).status).toBe(201);
    // The browser sends the session as a cookie.
    const cookie = await postEvent({ eventName: 'cta_hero_click' }, { headers: { cookie: `sp_session=${sessionToken}` } });
    expect(cookie.status).toBe(201);
    const rows = await eventRows();
    expect(rows.map((r) => [r.eventName, r.userId])).toEqual([
      ['cta_mid_click', user.id],
      ['cta_hero_click', user.id],
    ]);
  });

  it('stores no user for an invalid session token', async () => {
    expect((await postEvent({ eventName: 'cta_mid_click' }, { token: 'ugyldig' })).status).toBe(201);
    const [row] = await eventRows();
    expect(row!.userId).toBeNull();
  });

  it('answers 415 for a non-JSON body and 400 for malformed JSON', async () => {
    const plain = await t.app.request('/api/event', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ eventName: 'cta_hero_click' }),
    });
    await expectApiError(plain, 415, 'unsupported_media_type');
    const malformed = await t.app.request('/api/event', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"eventName":',
    });
    await expectApiError(malformed, 400, 'invalid_json');
    expect(await eventRows()).toEqual([]);
  });

  it('refuses a foreign origin', async () => {
    await expectApiError(
      await postEvent({ eventName: 'cta_hero_click' }, { headers: { origin: 'https://evil.example' } }),
      403,
      'forbidden_origin',
    );
    expect(await eventRows()).toEqual([]);
  });
});

describe('round trips: at most two per request, session lookup included', () => {
  beforeEach(() => countOnlyTheRoute(t));

  const trips = (send: () => Response | Promise<Response>) => roundTripsOf(t, send, 201);

  it('POST /api/event anonymous, with a lead, signed in, and when the session slides', async () => {
    const leadId = await createLead();
    expect(await trips(() => postEvent({ eventName: 'cta_hero_click' }))).toBeLessThanOrEqual(2);
    expect(await trips(() => postEvent({ eventName: 'lead_submit', leadId }))).toBeLessThanOrEqual(2);
    const { sessionToken } = await t.signIn('kari@example.no');
    const cookie = { headers: { cookie: `sp_session=${sessionToken}` } };
    expect(await trips(() => postEvent({ eventName: 'cta_mid_click' }, cookie))).toBeLessThanOrEqual(2);
    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(await trips(() => postEvent({ eventName: 'cta_mid_click', leadId }, cookie))).toBeLessThanOrEqual(2);
    expect((await eventRows()).at(-1)).toMatchObject({ eventName: 'cta_mid_click', leadId });
  });
});
