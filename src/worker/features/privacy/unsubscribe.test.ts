import { beforeEach, describe, expect, it } from 'vitest';
import { consentEvents } from '#db/schema';
import { appPerTest, createTestApp, TEST_ORIGIN } from '#support/app';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { expectApiError } from '#support/errors';
import type { MarketingDraft } from '#worker/emails/marketing';
import { paragraph } from '#worker/emails/layout';
import type { MailMessage } from '#worker/platform/mailer/types';
import { encodeBase64Url, hmacSha256 } from '#worker/platform/crypto';
import { sendMarketingEmail } from './index';
import { unsubscribeLinks, unsubscribeToken } from './unsubscribe';

const KARI = 'kari@example.no';
const MINUTE = 60_000;
const INVALID =
  'Avmeldingslenken er ugyldig. Bruk lenken nederst i e-posten fra oss, eller logg inn og slå av e-postene på profilen din.';

const t = appPerTest();

/** A sign-up confirmed by its link: marketing consent granted. */
async function subscribed(email: string) {
  await t.api.lead.$post({ json: { email, acceptTerms: true, consentMarketing: true } });
  await t.api.auth.verify.$get({ query: { token: (await t.latestMail(email))!.token! } });
}

const tokenFor = (email: string) => unsubscribeToken(t.deps.config, email);
const info = (token: string) => t.api.unsubscribe.$get({ query: { token } });
/** The mail client's one-click POST (RFC 8058): form body, no Origin, no cookie. */
const oneClick = (token: string) =>
  t.api.unsubscribe.$post(
    { query: { token } },
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // The body RFC 8058 prescribes, which the route does not read: no validator types it.
      init: { body: 'List-Unsubscribe=One-Click' },
    },
  );
/** A POST from a browser at `origin`. */
const postFrom = async (origin: string) =>
  t.api.unsubscribe.$post({ query: { token: await tokenFor(KARI) } }, { headers: { origin } });
const events = () => t.db.select().from(consentEvents).orderBy(consentEvents.createdAt);

describe('unsubscribe links', () => {
  it('point at the confirmation page and the one-click address, with one signed token naming the address', async () => {
    const links = await unsubscribeLinks(t.deps.config, 'Kari@Example.no');
    const token = await tokenFor(KARI);
    expect(links).toEqual({
      page: `${TEST_ORIGIN}/avmelding?token=${encodeURIComponent(token)}`,
      oneClick: `${TEST_ORIGIN}/api/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(token).toMatch(/^[\w-]+\.[0-9a-f]{64}$/);
  });
});

describe('GET /api/unsubscribe', () => {
  it('names the address and whether it gets marketing e-mail, without a session', async () => {
    await subscribed(KARI);
    const res = await info(await tokenFor(KARI));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: KARI, subscribed: true });
    expect(await (await info(await tokenFor('ukjent@example.no'))).json()).toEqual({
      email: 'ukjent@example.no',
      subscribed: false,
    });
  });

  it('sends a browser that opens the header’s address to the confirmation page', async () => {
    const token = await tokenFor(KARI);
    const res = await t.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/avmelding?token=${encodeURIComponent(token)}`);
    expect(await events()).toEqual([]);
  });
});

describe('POST /api/unsubscribe', () => {
  it('records the withdrawal (RFC 8058 one-click), with time and source, once however often it is used', async () => {
    await subscribed(KARI);
    t.clock.advance(MINUTE);
    const res = await oneClick(await tokenFor(KARI));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: KARI, message: 'Du er meldt av.' });
    expect(await (await info(await tokenFor(KARI))).json()).toEqual({ email: KARI, subscribed: false });
    await oneClick(await tokenFor(KARI));
    const history = await events();
    expect(history.map((e) => e.action)).toEqual(['terms_accepted', 'requested', 'granted', 'withdrawn']);
    expect(history.at(-1)).toMatchObject({
      email: KARI,
      source: 'unsubscribe_link',
      userId: null,
      createdAt: new Date(t.clock.now()),
    });
  });

  it('works from the confirmation page too (same-site POST, no body)', async () => {
    await subscribed(KARI);
    const res = await postFrom(TEST_ORIGIN);
    expect(res.status).toBe(200);
    expect((await events()).at(-1)).toMatchObject({ action: 'withdrawn' });
  });

  it('leaves sign-in e-mail alone: it is transactional and still sent', async () => {
    await subscribed(KARI);
    await oneClick(await tokenFor(KARI));
    const before = (await t.latestMail(KARI))!.id;
    expect((await t.api.auth['magic-link'].$post({ json: { email: KARI } })).status).toBe(200);
    expect((await t.latestMail(KARI))!.id).toBeGreaterThan(before);
  });

  it('refuses a cross-site POST from a browser', async () => {
    const res = await postFrom('https://evil.example');
    await expectApiError(res, 403, 'forbidden_origin');
    expect(await events()).toEqual([]);
  });
});

describe('forged and altered links', () => {
  async function forgeries() {
    const kari = await tokenFor(KARI);
    const [encoded, mac] = kari.split('.') as [string, string];
    const other = await createTestApp({ env: { AUTH_SECRET: 'en-helt-annen-hemmelighet-som-er-lang-nok-1234' } });
    const otherSecret = await unsubscribeToken(other.deps.config, 'ola@example.no');
    other.close();
    return {
      'another address under Kari’s MAC': `${encodeBase64Url('ola@example.no')}.${mac}`,
      'a changed MAC': `${encoded}.${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`,
      'a MAC made without the secret': `${encodeBase64Url('ola@example.no')}.${await hmacSha256('gjetning', 'unsubscribe:ola@example.no')}`,
      'a MAC under another secret': otherSecret,
      'a truncated MAC': `${encoded}.${mac.slice(0, 32)}`,
      'no MAC': encoded,
      'an extra part': `${kari}.x`,
      'an address that is not base64url': `k@ri.${mac}`,
    };
  }

  it('refuses each, reading and unsubscribing, and records nothing', async () => {
    await subscribed('ola@example.no');
    const before = await events();
    for (const [what, token] of Object.entries(await forgeries())) {
      await expectApiError(await info(token), 400, 'invalid_unsubscribe_link', INVALID).catch((err: Error) => {
        throw new Error(`${what}: ${err.message}`);
      });
      await expectApiError(await oneClick(token), 400, 'invalid_unsubscribe_link', INVALID);
    }
    expect(await events()).toEqual(before);
  });

  it.each(['', '?token=', `?token=${'a'.repeat(601)}`])('refuses the query %j', async (query) => {
    await expectApiError(await t.request(`/api/unsubscribe${query}`), 400, 'validation_error');
    await expectApiError(await t.request(`/api/unsubscribe${query}`, { method: 'POST' }), 400, 'validation_error');
  });

  it('answers 404 below the address', async () => {
    await expectApiError(await t.request(`/api/unsubscribe/x?token=${await tokenFor(KARI)}`), 404, 'not_found');
  });
});

describe('marketing e-mail', () => {
  const draft: MarketingDraft = {
    subject: 'Tre AI-verktøy for soloprenører',
    text: 'Hei!\n\nHer er ukens tips.',
    rows: [paragraph('Her er ukens tips.')],
  };

  function capture() {
    const sent: MailMessage[] = [];
    t.deps.mailer = { send: async (m) => void sent.push(m) };
    return sent;
  }

  /** Queues the draft as its own mailing and runs the queue's delivery, as the job would. */
  let mailing = 0;
  async function mailTo(to: string) {
    const queued = await sendMarketingEmail(t.deps, { to, draft, dedupeKey: `tips-${++mailing}:${to}` });
    await t.deliverMail();
    return queued;
  }

  it('goes only to an address whose consent stands granted', async () => {
    await subscribed(KARI);
    // Signed up, never confirmed: pending.
    await t.api.lead.$post({ json: { email: 'venter@example.no', acceptTerms: true, consentMarketing: true } });
    const sent = capture();
    expect(await mailTo('venter@example.no')).toBe(false);
    expect(await mailTo('ukjent@example.no')).toBe(false);
    expect(await mailTo(KARI)).toBe(true);
    await oneClick(await tokenFor(KARI));
    expect(await mailTo(KARI)).toBe(false);
    expect(sent.map((m) => m.to)).toEqual([KARI]);
  });

  it('is not delivered after an unsubscribe, even when it was queued while mail was down', async () => {
    await subscribed(KARI);
    t.deps.mailer = { send: () => Promise.reject(new Error('SMTP nede')) };
    expect(await mailTo(KARI)).toBe(true);
    await oneClick(await tokenFor(KARI));
    const sent = capture();
    t.clock.advance(60 * 60_000);
    await t.deliverMail();
    expect(sent).toEqual([]);
  });

  it('carries the unsubscribe link in its footer and the List-Unsubscribe headers, which unsubscribe in one click', async () => {
    await subscribed(KARI);
    const sent = capture();
    await mailTo(KARI);
    const [mail] = sent;
    const links = await unsubscribeLinks(t.deps.config, KARI);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.text).toContain(`Meld deg av med ett klikk: ${links.page}`);
    expect(mail!.text.startsWith(draft.text)).toBe(true);
    expect(mail!.html).toContain(`<a href="${links.page.replace(/&/g, '&amp;')}"`);
    expect(mail!.html).toContain('Her er ukens tips.');

    const headerUrl = new URL(mail!.headers!['List-Unsubscribe']!.slice(1, -1));
    const res = await t.app.request(headerUrl.pathname + headerUrl.search, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await mailTo(KARI)).toBe(false);
  });
});

describe('round trips', () => {
  beforeEach(() => countOnlyTheRoute(t));

  it('GET and POST /api/unsubscribe, answering or refusing: at most two each', async () => {
    const token = await tokenFor(KARI);
    expect(await roundTripsOf(t, () => info(token), 200)).toBeLessThanOrEqual(2);
    expect(await roundTripsOf(t, () => oneClick(token), 200)).toBeLessThanOrEqual(2);
    expect(await roundTripsOf(t, () => oneClick(`${token}0`), 400)).toBeLessThanOrEqual(2);
  });
});
