import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { eq } from 'drizzle-orm';
import { analyticsEvents, leads } from '#db/schema';
import { EVENT_NAMES } from '#shared/schemas/events';
import { appPerTest, TEST_ORIGIN } from '#support/app';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';

const UNKNOWN_EVENT = 'Ukjent hendelse';
const PROPS_TOO_LARGE = 'Hendelsesdata er for store';
const QUESTION = 'Må jeg kunne programmere for å følge guiden?';

const t = appPerTest();

const postEvent = (json: unknown, init: { token?: string; headers?: Record<string, string> } = {}) =>
  t.request('/api/event', { json, ...init });

/** Signs up as the landing's form does; answers the lead's id, read from the database (the response carries none). */
async function createLead(email = 'kari@example.no') {
  const res = await t.request('/api/lead', { json: { email, acceptTerms: true, consentMarketing: true, sendMagicLink: false } });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ ok: true, message: 'Vi har registrert deg – e-posten er på vei' });
  const [row] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.email, email));
  return row!.id;
}

/** What a browser on our pages sends with its cookies. */
const browser = (cookie: string) => ({ headers: { cookie, origin: TEST_ORIGIN } });

const eventRows = () => t.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);

describe('POST /api/event', () => {
  it('stores each allowed event', async () => {
    const events = [
      { eventName: 'cta_hero_click' },
      { eventName: 'cta_mid_click' },
      { eventName: 'faq_open', eventProps: { question: QUESTION } },
      { eventName: 'page_view', eventProps: { utmSource: 'nyhetsbrev' } },
    ];
    expect(events.map((e) => e.eventName).sort()).toEqual([...EVENT_NAMES].sort());
    for (const event of events) {
      const res = await postEvent(event);
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ ok: true });
    }
    const rows = await eventRows();
    expect(rows.map((r) => ({ eventName: r.eventName, leadId: r.leadId, userId: r.userId, props: r.props }))).toEqual([
      { eventName: 'cta_hero_click', leadId: null, userId: null, props: null },
      { eventName: 'cta_mid_click', leadId: null, userId: null, props: null },
      { eventName: 'faq_open', leadId: null, userId: null, props: { question: QUESTION } },
      { eventName: 'page_view', leadId: null, userId: null, props: { utmSource: 'nyhetsbrev' } },
    ]);
  });

  it('rejects an unknown or missing event name with "Ukjent hendelse"', async () => {
    // lead_submit is the sign-up's own, recorded with the lead (leads.ts), never sent by a page.
    for (const eventName of ['pageview', 'lead_submit', 'CTA_HERO_CLICK', '', 42]) {
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

  it('the sign-up records its lead_submit with its own new lead; a repeat sign-up names no lead', async () => {
    const leadId = await createLead('kari@example.no');
    expect(await createLead('kari@example.no')).toBe(leadId); // someone else typing Kari's address
    expect((await eventRows()).map((r) => [r.eventName, r.leadId])).toEqual([
      ['lead_submit', leadId],
      ['lead_submit', null],
    ]);
  });

  it("never writes into another person's record: a leadId in the body attaches nothing", async () => {
    const leadId = await createLead('kari@example.no');
    // The old way in: someone who learned Kari's id names it in the body.
    expect((await postEvent({ eventName: 'cta_hero_click', leadId })).status).toBe(201);
    expect((await postEvent({ eventName: 'faq_open', leadId, eventProps: { question: QUESTION } })).status).toBe(201);
    const rows = await eventRows();
    expect(rows.filter((r) => r.leadId === leadId).map((r) => r.eventName)).toEqual(['lead_submit']);
    expect(rows.filter((r) => r.eventName !== 'lead_submit').every((r) => r.leadId === null)).toBe(true);
  });

  it("stores the signed-in user's id", async () => {
    const { sessionToken, user } = await t.signIn('innlogget@example.no');
    expect((await postEvent({ eventName: 'cta_mid_click' }, { token: sessionToken })).status).toBe(201);
    // The browser sends the session as a cookie.
    const cookie = await postEvent({ eventName: 'cta_hero_click' }, browser(`sp_session=${sessionToken}`));
    expect(cookie.status).toBe(201);
    const rows = await eventRows();
    expect(rows.map((r) => [r.eventName, r.userId])).toEqual([
      ['cta_mid_click', user.id],
      ['cta_hero_click', user.id],
    ]);
  });

  it('a page view carries at most its UTM source, and names no one even when signed in', async () => {
    const message = 'En sidevisning kan bare ha eventProps.utmSource';
    for (const eventProps of [{ path: '/' }, { utmSource: 3 }, { utmSource: 'x'.repeat(101) }]) {
      await expectApiError(await postEvent({ eventName: 'page_view', eventProps }), 400, 'validation_error', message);
    }
    const { sessionToken } = await t.signIn('innlogget@example.no');
    expect((await postEvent({ eventName: 'page_view' }, { token: sessionToken })).status).toBe(201);
    expect((await eventRows()).map((r) => [r.eventName, r.userId, r.props])).toEqual([['page_view', null, null]]);
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

  it('POST /api/event anonymous, signed in, and when the session slides', async () => {
    expect(await trips(() => postEvent({ eventName: 'cta_hero_click' }))).toBeLessThanOrEqual(2);
    const { sessionToken, user } = await t.signIn('kari@example.no');
    const cookie = browser(`sp_session=${sessionToken}`);
    expect(await trips(() => postEvent({ eventName: 'cta_mid_click' }, cookie))).toBeLessThanOrEqual(2);
    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(await trips(() => postEvent({ eventName: 'cta_mid_click' }, cookie))).toBeLessThanOrEqual(2);
    expect((await eventRows()).at(-1)).toMatchObject({ eventName: 'cta_mid_click', userId: user.id });
  });
});
