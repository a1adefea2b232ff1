import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { sql } from 'drizzle-orm';
import { analyticsEvents, consentEvents, leads, mailOutbox } from '#db/schema';
import { CONSENT_TEXT_VERSION, TERMS_TEXT_VERSION } from '#shared/constants';
import type { LeadRequest } from '#shared/schemas/leads';
import { appPerTest, TEST_ORIGIN } from '#support/app';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { marketingConsent, withdrawConsent } from '#worker/features/privacy/index';

const MINUTE = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL_INVALID = 'Ugyldig epostadresse';
const CONSENT_REQUIRED = 'Du må samtykke for å fortsette';
const NAME_INVALID = 'Fornavnet kan bare ha bokstaver, mellomrom, bindestrek og apostrof, og høyst 50 tegn';

const t = appPerTest();

/** What the landing page's form sends. */
const body = (overrides: Partial<LeadRequest> = {}): LeadRequest => ({
  firstName: '',
  email: 'kari@example.no',
  acceptTerms: true,
  consentMarketing: true,
  source: 'landing_page',
  sendMagicLink: true,
  utm: { source: 'nyhetsbrev', medium: 'epost', campaign: 'host' },
  ...overrides,
});

const postLead = (json: LeadRequest, headers: Record<string, string> = {}) => t.api.lead.$post({ json }, { headers });
/** A body the client's types refuse (a number for the address, say), sent as it is. */
const postRaw = (json: unknown) => t.request('/api/lead', { json });

/** A plain, JavaScript-free form post, as the browser sends it. */
const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.request('/api/lead', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

const leadRows = () => t.db.select().from(leads);
const allConsentRows = () =>
  t.db
    .select()
    .from(consentEvents)
    .orderBy(consentEvents.createdAt, sql`rowid`);
/** The marketing consent's history (requests, grants, withdrawals), without the terms accepted. */
const consentRows = async () => (await allConsentRows()).filter((e) => e.action !== 'terms_accepted');
const mailCount = async () => (await t.db.select().from(mailOutbox)).length;

describe('POST /api/lead (JSON)', () => {
  it('stores the lead and its lead_submit event, and answers 201 without the lead’s id, saying the mail is on its way', async () => {
    const res = await postLead(body());
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true, message: 'Vi har registrert deg – e-posten er på vei' });
    expect(res.headers.get('set-cookie')).toBeNull();
    const rows = await leadRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'kari@example.no', userId: null });
    expect(rows[0]!.id).toMatch(UUID);
    const events = await t.db
      .select({ eventName: analyticsEvents.eventName, leadId: analyticsEvents.leadId })
      .from(analyticsEvents);
    expect(events).toEqual([{ eventName: 'lead_submit', leadId: rows[0]!.id }]);
  });

  it('keeps proof of the consent asked for: when, which wording, from where, which client; and the UTM tags', async () => {
    await postLead(body(), { 'x-test-ip': '198.51.100.42', 'user-agent': 'Mozilla/5.0 (Kari)' });
    const [row] = await leadRows();
    expect(row!).toMatchObject({ source: 'landing_page', utmSource: 'nyhetsbrev', utmMedium: 'epost', utmCampaign: 'host' });
    const [request] = await consentRows();
    expect(request).toMatchObject({
      email: 'kari@example.no',
      action: 'requested',
      textVersion: CONSENT_TEXT_VERSION,
      source: 'landing_page',
      createdAt: new Date(t.clock.now()),
    });
    // The client as an HMAC of address and user agent, never either itself.
    expect(request!.clientHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await consentRows())).not.toMatch(/198\.51\.100\.42|Kari\)/);
  });

  it('stores missing UTM tags as empty and fills the defaults for a minimal body', async () => {
    const res = await postLead({ email: 'min@example.no', acceptTerms: true });
    expect(res.status).toBe(201);
    const [row] = await leadRows();
    expect(row!).toMatchObject({ source: 'landing_page', utmSource: null, utmMedium: null, utmCampaign: null });
    expect((await t.latestMail('min@example.no'))?.token).toBeTruthy();
  });

  it('normalises the address (trimmed, lower case)', async () => {
    await postLead(body({ email: '  Kari@Example.NO ' }));
    const [row] = await leadRows();
    expect(row!.email).toBe('kari@example.no');
  });

  it('mails a magic link that signs the visitor in', async () => {
    await postLead(body());
    const mail = await t.latestMail('kari@example.no');
    expect(mail?.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(mail?.link).toBe(`${TEST_ORIGIN}/guide/auth?token=${mail!.token}`);
    const verify = await t.api.auth.verify.$get({ query: { token: mail!.token! } });
    expect(verify.status).toBe(200);
    expect((await verify.json()).user.email).toBe('kari@example.no');
  });

  it('mails nothing when sendMagicLink is false, yet stores the lead', async () => {
    const res = await postLead(body({ sendMagicLink: false }));
    expect(res.status).toBe(201);
    expect(await leadRows()).toHaveLength(1);
    expect(await t.latestMail('kari@example.no')).toBeNull();
    expect(await mailCount()).toBe(0);
  });

  it('an unverified repeat sign-up changes nothing recorded: same lead, same source and UTM, earlier consent events as they were', async () => {
    const first = await (await postLead(body())).json();
    const [leadBefore] = await leadRows();
    const consentBefore = await consentRows();
    t.clock.advance(30 * MINUTE);
    const res = await postLead(body({ email: 'KARI@example.no', source: 'guide_login', utm: { source: 'linkedin' } }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(first);

    expect(await leadRows()).toEqual([leadBefore]);
    const consentAfter = await consentRows();
    expect(consentAfter.slice(0, consentBefore.length)).toEqual(consentBefore);
    // Only appended: a second request, pending like the first.
    expect(consentAfter.map((e) => e.action)).toEqual(['requested', 'requested']);
  });

  it('answers a sign-up for a known and an unknown address alike, and never with the known lead’s id', async () => {
    await t.signIn('kjent@example.no');
    await postLead(body({ email: 'kjent@example.no' }));
    const [known] = await leadRows();
    const again = await postLead(body({ email: 'kjent@example.no' }));
    const unknown = await postLead(body({ email: 'ukjent@example.no' }));
    expect(again.status).toBe(unknown.status);
    expect(await again.json()).toEqual(await unknown.json());
    expect([...again.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    expect(JSON.stringify([...again.headers])).not.toContain(known!.id);
  });

  it('repeat sign-ups past the per-address link limit answer the same without mailing again', async () => {
    for (let i = 0; i < 7; i++) {
      const res = await postLead(body());
      expect(res.status).toBe(201);
    }
    expect(await leadRows()).toHaveLength(1);
    expect(await mailCount()).toBe(5);
  });

  it('rejects a bad address with "Ugyldig epostadresse" and stores nothing', async () => {
    for (const email of ['', 'ikke-en-adresse', 'kari@', 'kari@example', 42, null, `${'a'.repeat(250)}@example.no`]) {
      await expectApiError(await postRaw({ ...body(), email }), 400, 'validation_error', EMAIL_INVALID);
    }
    const { email: _omit, ...withoutEmail } = body();
    await expectApiError(await postRaw(withoutEmail), 400, 'validation_error', EMAIL_INVALID);
    expect(await leadRows()).toEqual([]);
    expect(await mailCount()).toBe(0);
  });

  it('rejects terms not accepted with "Du må samtykke for å fortsette", and stores nothing', async () => {
    for (const acceptTerms of [false, 'true', 1, null]) {
      await expectApiError(await postRaw({ ...body(), acceptTerms }), 400, 'validation_error', CONSENT_REQUIRED);
    }
    const { acceptTerms: _omit, ...withoutTerms } = body();
    await expectApiError(await postRaw(withoutTerms), 400, 'validation_error', CONSENT_REQUIRED);
    await expectApiError(await postRaw({ ...body(), consentMarketing: 'ja' }), 400, 'validation_error', /«consentMarketing»/);
    expect(await leadRows()).toEqual([]);
    expect(await allConsentRows()).toEqual([]);
  });

  it('without marketing consent: the lead, the terms accepted and the guide’s link, but no request for marketing', async () => {
    const { consentMarketing: _omit, ...withoutMarketing } = body();
    const res = await postLead(withoutMarketing, { 'x-test-ip': '198.51.100.42' });
    expect(res.status).toBe(201);
    expect(await leadRows()).toHaveLength(1);
    expect(await allConsentRows()).toMatchObject([
      { email: 'kari@example.no', action: 'terms_accepted', textVersion: TERMS_TEXT_VERSION, source: 'landing_page' },
    ]);
    const mail = await t.latestMail('kari@example.no');
    expect(mail?.token).toBeTruthy();
    // The link signs in; it confirms no sign-up to marketing, and none is granted by using it.
    expect(mail!.text).not.toContain('Lenken bekrefter også påmeldingen din');
    expect((await t.api.auth.verify.$get({ query: { token: mail!.token! } })).status).toBe(200);
    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).toBe('none');
  });

  it('with marketing consent: the terms accepted and a marketing request, both kept in the history', async () => {
    await postLead(body({ consentMarketing: true }));
    expect((await allConsentRows()).map((e) => [e.action, e.textVersion])).toEqual([
      ['terms_accepted', TERMS_TEXT_VERSION],
      ['requested', CONSENT_TEXT_VERSION],
    ]);
    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).toBe('pending');
  });

  it('names the field when another value is out of bounds', async () => {
    await expectApiError(await postLead(body({ utm: { source: 'x'.repeat(101) } })), 400, 'validation_error', /«utm\.source»/);
    await expectApiError(await postLead(body({ firstName: 'x'.repeat(51) })), 400, 'validation_error', NAME_INVALID);
    await expectApiError(
      await postLead(body({ firstName: 'Konto sperret, ring 22 33 44 55' })),
      400,
      'validation_error',
      NAME_INVALID,
    );
    await expectApiError(await postRaw({ ...body(), sendMagicLink: 'ja' }), 400, 'validation_error', /«sendMagicLink»/);
    expect(await leadRows()).toEqual([]);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await t.request('/api/lead', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    await expectApiError(
      res,
      415,
      'unsupported_media_type',
      'Forespørselen må sendes som JSON (Content-Type: application/json).',
    );
    const plain = await t.app.request('/api/lead', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(body()),
    });
    await expectApiError(plain, 415, 'unsupported_media_type');
    expect(await leadRows()).toEqual([]);
  });

  it('answers 400 invalid_json for malformed JSON', async () => {
    const res = await t.app.request('/api/lead', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "kari@example.no", "consentMarketing": tru',
    });
    await expectApiError(res, 400, 'invalid_json', 'Forespørselen inneholder ugyldig JSON.');
    expect(await leadRows()).toEqual([]);
  });

  it('refuses a call from a foreign origin with 403 and accepts our own', async () => {
    const foreign = await postLead(body(), { origin: 'https://evil.example' });
    await expectApiError(foreign, 403, 'forbidden_origin', 'Forespørselen kom fra et ukjent opphav.');
    expect(await leadRows()).toEqual([]);

    const own = await postLead(body(), { origin: TEST_ORIGIN });
    expect(own.status).toBe(201);
  });

  it('limits sign-ups to 10 an hour per IP address, with Retry-After', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await postLead(body({ email: `ip${i}@example.no` }), { 'x-test-ip': '198.51.100.7' });
      expect(res.status).toBe(201);
    }
    const limited = await postLead(body({ email: 'ip10@example.no' }), { 'x-test-ip': '198.51.100.7' });
    await expectApiError(limited, 429, 'rate_limited', /^For mange forsøk\. Prøv igjen om \d+ minutt(er)?\.$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await leadRows()).toHaveLength(10);

    // Another address is not affected, and the window passes.
    expect((await postLead(body({ email: 'other-ip@example.no' }), { 'x-test-ip': '198.51.100.8' })).status).toBe(201);
    t.clock.advance(retryAfter * 1000);
    expect((await postLead(body({ email: 'ip10@example.no' }), { 'x-test-ip': '198.51.100.7' })).status).toBe(201);
  });

  it('limits sign-ups to 20 an hour per /24 network, however many addresses it uses', async () => {
    for (let i = 0; i < 20; i++) {
      const res = await postLead(body({ email: `net${i}@example.no` }), { 'x-test-ip': `198.51.100.${100 + (i % 10)}` });
      expect(res.status).toBe(201);
    }
    await expectApiError(
      await postLead(body({ email: 'net20@example.no' }), { 'x-test-ip': '198.51.100.250' }),
      429,
      'rate_limited',
    );
    expect((await postLead(body({ email: 'net20@example.no' }), { 'x-test-ip': '198.51.101.1' })).status).toBe(201);
  });

  it('does not count rejected input against the limit', async () => {
    for (let i = 0; i < 12; i++) {
      await expectApiError(await postLead(body({ email: 'nope' }), { 'x-test-ip': '198.51.100.9' }), 400, 'validation_error');
    }
    expect((await postLead(body(), { 'x-test-ip': '198.51.100.9' })).status).toBe(201);
  });
});

describe('POST /api/lead (plain form, no JavaScript)', () => {
  it('stores the lead with UTM from the referring page, mails the link and redirects 303 to /takk', async () => {
    const res = await postForm(
      { email: 'Form@Example.no', acceptTerms: 'true', consentMarketing: 'true' },
      { referer: `${TEST_ORIGIN}/?utm_source=nyhetsbrev&utm_medium=epost&utm_campaign=host` },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/takk');
    const [row] = await leadRows();
    expect(row!).toMatchObject({
      email: 'form@example.no',
      source: 'landing_page',
      utmSource: 'nyhetsbrev',
      utmMedium: 'epost',
      utmCampaign: 'host',
    });
    expect(await consentRows()).toMatchObject([
      { email: 'form@example.no', action: 'requested', textVersion: CONSENT_TEXT_VERSION },
    ]);
    expect((await t.latestMail('form@example.no'))?.token).toBeTruthy();
  });

  it('accepts a checked checkbox sent as "on" and a multipart body', async () => {
    const res = await postForm({ email: 'on@example.no', acceptTerms: 'on' });
    expect(res.status).toBe(303);
    const data = new FormData();
    data.set('email', 'multi@example.no');
    data.set('acceptTerms', 'true');
    const multipart = await t.app.request('/api/lead', { method: 'POST', body: data });
    expect(multipart.status).toBe(303);
    expect(multipart.headers.get('location')).toBe('/takk');
    expect((await leadRows()).map((r) => r.email).sort()).toEqual(['multi@example.no', 'on@example.no']);
    // Neither ticked the marketing box: the terms are recorded, no marketing request.
    expect((await allConsentRows()).map((e) => e.action)).toEqual(['terms_accepted', 'terms_accepted']);
  });

  it('answers a bad address with a 400 Norwegian HTML page that leads back to the form', async () => {
    const res = await postForm({ email: 'ikke-en-adresse', acceptTerms: 'true' });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="nb">');
    expect(html).toContain('<h1>Noe gikk galt</h1>');
    expect(html).toContain(EMAIL_INVALID);
    expect(html).toContain('href="/#tilbud"');
    expect(await leadRows()).toEqual([]);
  });

  it('answers terms not accepted with the consent message, even with the marketing box ticked', async () => {
    const res = await postForm({ email: 'kari@example.no', consentMarketing: 'on' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(CONSENT_REQUIRED);
    expect(await leadRows()).toEqual([]);
  });

  it('shows the rate limit as an HTML page too', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await postForm({ email: `f${i}@example.no`, acceptTerms: 'true' }, { 'x-test-ip': '198.51.100.20' })).status).toBe(
        303,
      );
    }
    const res = await postForm({ email: 'f10@example.no', acceptTerms: 'true' }, { 'x-test-ip': '198.51.100.20' });
    expect(res.status).toBe(429);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toMatch(/For mange forsøk\. Prøv igjen om \d+ minutt/);
  });

  it('refuses a form posted from a foreign origin', async () => {
    const res = await postForm({ email: 'kari@example.no', acceptTerms: 'true' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await leadRows()).toEqual([]);
  });
});

describe('double opt-in: a sign-up’s consent is pending until the link is used', () => {
  const client = { ip: '203.0.113.5', userAgent: 'Mozilla/5.0 (Konto)' };

  it('the e-mailed link confirms it, links the lead to the account, and opens the guide (they are signed in)', async () => {
    await postLead(body({ firstName: 'Kari' }));
    const leadId = (await leadRows())[0]!.id;
    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).toBe('pending');
    const mail = await t.latestMail('kari@example.no');
    expect(mail!.text).toContain('Lenken bekrefter også påmeldingen din');
    expect(mail!.text).not.toContain('Kari');

    const res = await t.api.auth.verify.$get({ query: { token: mail!.token! } }, { headers: { 'x-test-ip': '203.0.113.77' } });
    expect(res.status).toBe(200);
    if (!res.ok) throw new Error(`verify: ${res.status}`);
    const signedIn = await res.json();
    expect(signedIn.redirectTo).toBe('/guide');
    // The name given with the sign-up reaches the account only now, once the address is verified.
    expect(signedIn.user.firstName).toBe('Kari');

    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).toBe('granted');
    const [request, grant] = await consentRows();
    expect(grant).toMatchObject({ action: 'granted', confirms: request!.id, userId: signedIn.user.id, source: 'landing_page' });
    expect(grant!.clientHash).not.toBe(request!.clientHash); // the confirming client, not the asking one
    const [lead] = await leadRows();
    expect(lead).toMatchObject({ id: leadId, userId: signedIn.user.id });
  });

  it('the 6-digit code from that mail confirms it too', async () => {
    await postLead(body());
    const { code } = (await t.latestMail('kari@example.no'))!;
    const res = await t.api.auth['verify-code'].$post({ json: { email: 'kari@example.no', code: code! } });
    if (!res.ok) throw new Error(`verify-code: ${res.status}`);
    expect((await res.json()).redirectTo).toBe('/guide');
    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).toBe('granted');
  });

  it('an ordinary sign-in link confirms nothing, and a sign-up mailed nothing stays pending', async () => {
    await postLead(body({ sendMagicLink: false }));
    const { sessionToken } = await t.signIn('kari@example.no');
    expect(sessionToken).toBeTruthy();
    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).toBe('pending');
  });

  it('a withdrawn consent does not come back with someone’s unverified sign-up', async () => {
    await postLead(body());
    await t.api.auth.verify.$get({ query: { token: (await t.latestMail('kari@example.no'))!.token! } });
    await withdrawConsent(t.deps, { email: 'kari@example.no', userId: null, source: 'account', client });
    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).toBe('withdrawn');

    t.clock.advance(MINUTE);
    expect((await postLead(body({ sendMagicLink: false }))).status).toBe(201);
    expect(await marketingConsent(t.deps, { email: 'kari@example.no' })).not.toBe('granted');
    expect((await consentRows()).map((e) => e.action)).toEqual(['requested', 'granted', 'withdrawn', 'requested']);
  });

  it('records the source only from the server’s own list', async () => {
    for (const source of ['nyhetsbrev', 'account', '', 'Landing_Page']) {
      await expectApiError(await postRaw({ ...body(), source }), 400, 'validation_error', 'Ukjent kilde for påmeldingen');
    }
    expect(await consentRows()).toEqual([]);
  });

  it('never lets a consent event be changed, only appended', async () => {
    await postLead(body());
    await expect(t.db.update(consentEvents).set({ action: 'granted' })).rejects.toThrow();
    await expect(t.client.execute("UPDATE consent_events SET source = 'account'")).rejects.toThrow(/append-only/);
    expect((await consentRows()).map((e) => [e.action, e.source])).toEqual([['requested', 'landing_page']]);
  });
});

describe('POST /api/lead: client mistakes are 4xx', () => {
  it('answers a malformed multipart body with a 400 page, not a 500', async () => {
    const res = await t.app.request('/api/lead', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=grense' },
      body: '--grense\r\nContent-Disposition: form-data; name="email"\r\n\r\nkari@example.no\r\n', // never closed
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Skjemaet kom ikke fram i lesbar form. Prøv igjen.');
    const noBoundary = await t.app.request('/api/lead', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'email=kari%40example.no',
    });
    expect(noBoundary.status).toBe(400);
    expect(await leadRows()).toEqual([]);
  });
});

describe('round trips: at most two per request', () => {
  beforeEach(() => countOnlyTheRoute(t));

  const trips = (send: () => Response | Promise<Response>, status: number) => roundTripsOf(t, send, status);

  it('POST /api/lead as JSON: new, repeat, without mail, and past the address’s allowance', async () => {
    expect(await trips(() => postLead(body()), 201)).toBeLessThanOrEqual(2);
    expect(await trips(() => postLead(body()), 201)).toBeLessThanOrEqual(2);
    expect(await trips(() => postLead(body({ email: 'ola@example.no', sendMagicLink: false })), 201)).toBeLessThanOrEqual(2);
    for (let i = 0; i < 3; i++) await postLead(body());
    expect(await mailCount()).toBe(5);
    expect(await trips(() => postLead(body()), 201)).toBeLessThanOrEqual(2);
  });

  it('POST /api/lead as a plain form', async () => {
    expect(
      await trips(() => postForm({ email: 'form@example.no', acceptTerms: 'on', consentMarketing: 'on' }), 303),
    ).toBeLessThanOrEqual(2);
  });
});
