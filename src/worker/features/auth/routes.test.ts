import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { magicLinkTokens, mailOutbox, rateLimits, sessions, users } from '#db/schema';
import type { magicLinkRequestSchema } from '#shared/schemas/auth';
import type { z } from '#shared/zod';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { appPerTest, createTestApp, TEST_ORIGIN, type TestApp } from '#support/app';
import { sha256 } from '#worker/platform/crypto';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;
const LINK_SENT = 'Vi har sendt deg en innloggingslenke. Den er gyldig i 15 minutter.';
const NAME_INVALID = 'Fornavnet kan bare ha bokstaver, mellomrom, bindestrek og apostrof, og høyst 50 tegn';

const t = appPerTest();

type LinkOptions = Omit<z.input<typeof magicLinkRequestSchema>, 'email'>;

const requestLink = (email: string, extra: LinkOptions = {}, headers: Record<string, string> = {}) =>
  t.api.auth['magic-link'].$post({ json: { email, ...extra } }, { headers });
const linkStatus = (app: TestApp, requestId: string) => app.api.auth['magic-link'][':requestId'].$get({ param: { requestId } });

/** Requests a link and returns the token and code from the e-mail. */
async function linkFor(email: string, extra: LinkOptions = {}) {
  const res = await requestLink(email, extra);
  expect(res.status).toBe(200);
  const mail = await t.latestMail(email);
  expect(mail?.token).toMatch(TOKEN_SHAPE);
  expect(mail?.code).toMatch(/^\d{6}$/);
  return { token: mail!.token!, code: mail!.code! };
}

const verify = (token: string) => t.api.auth.verify.$get({ query: { token } });
const verifyCode = (email: string, code: string, headers: Record<string, string> = {}) =>
  t.api.auth['verify-code'].$post({ json: { email, code } }, { headers });
/** Who the session is: by its Bearer header, or by the browser's cookie (`cookie` names the header's value). */
const me = (token: string) => t.as(token).auth.me.$get();
const meByCookie = (cookie: string) => t.api.auth.me.$get({}, { headers: { cookie } });

function sessionCookie(res: { headers: Headers }, name = 'sp_session'): string | null {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? null;
}

/** A code that is certainly not `code`. */
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/auth/magic-link', () => {
  it('mails a link that signs a new user in once, creating the account', async () => {
    const res = await requestLink(' Kari@Example.NO ');
    expect(res.status).toBe(200);
    const { requestId, ...body0 } = await res.json();
    expect(body0).toEqual({ message: LINK_SENT });
    // The page can ask whether the mail has gone, by the request's id only.
    expect(await (await linkStatus(t, requestId)).json()).toEqual({ status: 'sent' });
    const mail = await t.latestMail('kari@example.no');
    expect(mail?.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(mail?.text).toContain('15 minutter');
    expect(mail?.link).toBe(`${TEST_ORIGIN}/guide/auth?token=${mail!.token}`);

    const res2 = await verify(mail!.token!);
    expect(res2.status).toBe(200);
    expect(res2.headers.get('set-cookie')).toMatch(/sp_session=[\w-]+;.*HttpOnly.*SameSite=Lax/);
    const body = await res2.json();
    expect(body.user.email).toBe('kari@example.no');
    expect(body.redirectTo).toBe('/guide');

    expect((await (await me(body.sessionToken)).json()).user.email).toBe('kari@example.no');

    const again = await verify(mail!.token!);
    await expectApiError(again, 400, 'invalid_token', 'Innloggingslenken er ugyldig eller allerede brukt.');
  });

  it('answers the same whether or not the address has an account', async () => {
    await t.signIn('kjent@example.no');
    const known = await requestLink('kjent@example.no');
    const unknown = await requestLink('ukjent@example.no');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const shape = async (res: typeof known) => {
      const { requestId, ...rest } = await res.json();
      return { ...rest, requestId: TOKEN_SHAPE.test(requestId) };
    };
    expect(await shape(unknown)).toEqual(await shape(known));
  });

  it('creates no account before the link is used', async () => {
    await linkFor('ny@example.no', { firstName: 'Nora' });
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('stores only a SHA-256 hash of the token and a keyed hash of the code', async () => {
    const { token, code } = await linkFor('hash@example.no');
    const rows = await t.db.select().from(magicLinkTokens);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.tokenHash).toMatch(SHA256_HEX);
    expect(row.tokenHash).toBe(await sha256(token));
    expect(row.codeHash).toMatch(SHA256_HEX);
    expect(Object.values(row)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('rejects a malformed address with a Norwegian message', async () => {
    for (const email of ['ikke-en-adresse', '', 'a@', 'kari@example', 42]) {
      await expectApiError(
        await t.request('/api/auth/magic-link', { json: { email } }),
        400,
        'validation_error',
        'Ugyldig epostadresse',
      );
    }
    await expectApiError(await t.request('/api/auth/magic-link', { json: {} }), 400, 'validation_error', 'Ugyldig epostadresse');
    expect(await t.latestMail('kari@example')).toBeNull();
  });

  it('takes only a name as a first name: letters, spaces, hyphens, apostrophes, at most 50', async () => {
    for (const firstName of [
      'x'.repeat(51),
      'Hei Kontoen din er sperret. Ring 22 33 44 55',
      'Kari!',
      'https://evil.example',
      'Kari\nBcc',
      42,
    ]) {
      // Raw JSON: the typed client would not send a number for a name.
      await expectApiError(
        await t.request('/api/auth/magic-link', { json: { email: 'navn@example.no', firstName } }),
        400,
        'validation_error',
        NAME_INVALID,
      );
    }
    expect(await t.latestMail('navn@example.no')).toBeNull();
    for (const firstName of ['Kari', 'Anne-Marie', "O'Neil", 'Åse Øyunn Ærø', 'José', '']) {
      expect((await requestLink(`ok-${firstName.length}@example.no`, { firstName })).status, firstName).toBe(200);
    }
  });

  it('never puts the request’s text into the mail, and gives the account the name only once the address is verified', async () => {
    const { token } = await linkFor('kari@example.no', { firstName: 'Kari' });
    const mail = await t.latestMail('kari@example.no');
    expect(mail!.text).not.toContain('Kari');
    expect(mail!.html).not.toContain('Kari');
    expect(await t.db.select().from(users)).toEqual([]);
    const body = await (await verify(token)).json();
    expect(body.user.firstName).toBe('Kari');
  });

  it('answers 200 when the mail cannot go yet; the status says pending until the transport takes it', async () => {
    let down = true;
    const received: string[] = [];
    const flaky = await createTestApp({
      mailer: {
        send: async (m) => {
          if (down) throw new Error('SMTP 421 secret-host.internal down');
          received.push(m.to);
        },
      },
    });
    try {
      const res = await flaky.api.auth['magic-link'].$post({ json: { email: 'kari@example.no' } });
      expect(res.status).toBe(200);
      const { requestId } = await res.json();
      const status = async () => (await linkStatus(flaky, requestId)).json();
      expect(await status()).toEqual({ status: 'pending' });
      down = false;
      flaky.clock.advance(MINUTE); // past the first retry's backoff
      await flaky.deliverMail();
      expect(await status()).toEqual({ status: 'sent' });
      expect(received).toEqual(['kari@example.no']);
    } finally {
      flaky.close();
    }
  });

  it('answers 404 for a status nobody asked for', async () => {
    await expectApiError(await linkStatus(t, 'x'.repeat(43)), 404, 'not_found');
  });
});

describe('GET /api/auth/verify', () => {
  it('returns a 256-bit session token, also as an HttpOnly Lax cookie without Secure over http', async () => {
    const { token } = await linkFor('kari@example.no', { firstName: 'Kari' });
    const res = await verify(token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.sessionToken).toMatch(TOKEN_SHAPE);
    expect(body.user).toMatchObject({ email: 'kari@example.no', firstName: 'Kari', role: null, isActive: true });
    expect(body.user).not.toHaveProperty('adminNotes');

    const cookie = sessionCookie(res)!;
    expect(cookie).toContain(`sp_session=${body.sessionToken};`);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//);
    expect(cookie).toMatch(/;\s*Max-Age=2592000\b/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('stores only a SHA-256 hash of the session token', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(SHA256_HEX);
    expect(rows[0]!.tokenHash).toBe(await sha256(sessionToken));
    expect(JSON.stringify(rows)).not.toContain(sessionToken);
  });

  it('over https, names the cookie __Host-sp_session and marks it Secure, and reads only that name', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://soloprenor.no' } });
    try {
      await https.api.auth['magic-link'].$post({ json: { email: 'kari@example.no' } });
      const mail = await https.latestMail('kari@example.no');
      expect(mail?.link).toMatch(/^https:\/\/soloprenor\.no\/guide\/auth\?token=/);
      const res = await https.api.auth.verify.$get({ query: { token: mail!.token! } });
      expect(res.status).toBe(200);
      expect(sessionCookie(res)).toBeNull();
      const cookie = sessionCookie(res, '__Host-sp_session')!;
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*Path=\//);
      expect(cookie).not.toMatch(/;\s*Domain=/i);

      const token = (await res.json()).sessionToken;
      const meWith = (cookie: string) => https.api.auth.me.$get({}, { headers: { cookie } });
      expect((await meWith(`__Host-sp_session=${token}`)).status).toBe(200);
      // A cookie without the prefix may have been set by another subdomain: it is not ours.
      expect((await meWith(`sp_session=${token}`)).status).toBe(401);

      const out = await https.api.auth.logout.$post(
        {},
        { headers: { cookie: `__Host-sp_session=${token}`, origin: 'https://soloprenor.no' } },
      );
      expect(sessionCookie(out, '__Host-sp_session')).toMatch(/Max-Age=0.*Secure|Secure.*Max-Age=0/);
    } finally {
      https.close();
    }
  });

  it('says "Ingen token funnet" when the token is missing or empty', async () => {
    // Without the parameter: raw, as the typed client always sends it.
    await expectApiError(await t.request('/api/auth/verify'), 400, 'validation_error', 'Ingen token funnet');
    await expectApiError(await verify(''), 400, 'validation_error', 'Ingen token funnet');
  });

  it('rejects an unknown token', async () => {
    await expectApiError(await verify('A'.repeat(43)), 400, 'invalid_token');
    await expectApiError(await verify('ikke-et-token'), 400, 'invalid_token');
  });

  it('accepts the link for 15 minutes', async () => {
    const { token } = await linkFor('kari@example.no');
    t.clock.advance(15 * MINUTE - 1);
    expect((await verify(token)).status).toBe(200);
  });

  it('rejects the link after 15 minutes as expired', async () => {
    const { token } = await linkFor('kari@example.no');
    t.clock.advance(15 * MINUTE + 1);
    await expectApiError(await verify(token), 400, 'expired_token', 'Innloggingslenken er utløpt. Be om en ny.');
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('lets a link be used only once, even when two tabs verify it at the same time', async () => {
    const { token } = await linkFor('kari@example.no');
    const [a, b] = await Promise.all([verify(token), verify(token)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('signs a returning user into the same account', async () => {
    const first = await t.signIn('kari@example.no');
    t.clock.advance(DAY);
    const second = await t.signIn('KARI@example.no');
    expect(second.user.id).toBe(first.user.id);
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect(second.sessionToken).not.toBe(first.sessionToken);
  });

  it('makes an address in ADMIN_EMAILS an owner and sends it to /admin', async () => {
    const { token } = await linkFor('Admin@Soloprenor.no');
    const body = await (await verify(token)).json();
    expect(body.user.role).toBe('owner');
    expect(body.redirectTo).toBe('/admin');
    const who = await (await me(body.sessionToken)).json();
    expect(who.user.role).toBe('owner');
  });

  it('does not give anyone else a role, even when they ask for the admin login', async () => {
    const { token } = await linkFor('kari@example.no', { isAdminLogin: true });
    const body = await (await verify(token)).json();
    expect(body.user.role).toBe(null);
    expect(body.redirectTo).toBe('/admin'); // only where to go; /admin itself checks the role
  });

  it('keeps a same-site redirect with the token', async () => {
    const { token } = await linkFor('kari@example.no', { redirect: '/guide/lessons/niche?fra=epost' });
    const body = await (await verify(token)).json();
    expect(body.redirectTo).toBe('/guide/lessons/niche?fra=epost');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', 'guide'])(
    'drops the unsafe redirect %s but still sends the link',
    async (redirect) => {
      const { token } = await linkFor('kari@example.no', { redirect });
      const [row] = await t.db.select().from(magicLinkTokens);
      expect(row!.redirect).toBeNull();
      const body = await (await verify(token)).json();
      expect(body.redirectTo).toBe('/guide');
    },
  );

  it('refuses a disabled user (403): no new session, and the sessions they already have are no longer accepted', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    expect((await me(sessionToken)).status).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));

    await expectApiError(await me(sessionToken), 401, 'unauthenticated');

    const { token } = await linkFor('kari@example.no');
    await expectApiError(await verify(token), 403, 'account_disabled', 'Kontoen er deaktivert. Ta kontakt med oss.');
    const { code } = await linkFor('kari@example.no');
    await expectApiError(await verifyCode('kari@example.no', code), 403, 'account_disabled');
    // No session was created for them: only the old one is left, and it no longer signs them in.
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });
});

describe('POST /api/auth/verify-code', () => {
  it('signs in with the 6-digit code and uses up the link with it', async () => {
    const { token, code } = await linkFor('kari@example.no', { redirect: '/premium' });
    const res = await verifyCode('Kari@Example.no', code);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.email).toBe('kari@example.no');
    expect(body.redirectTo).toBe('/premium');
    expect(body.sessionToken).toMatch(TOKEN_SHAPE);
    expect(sessionCookie(res)).toContain(`sp_session=${body.sessionToken};`);

    await expectApiError(await verify(token), 400, 'invalid_token');
    await expectApiError(await verifyCode('kari@example.no', code), 400, 'invalid_code');
  });

  it('rejects a malformed code or address with a Norwegian message', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '12 456', 123456]) {
      await expectApiError(
        await t.request('/api/auth/verify-code', { json: { email: 'kari@example.no', code } }),
        400,
        'validation_error',
        'Koden består av 6 sifre',
      );
    }
    await expectApiError(
      await t.request('/api/auth/verify-code', { json: { email: 'kari@example.no' } }),
      400,
      'validation_error',
      'Koden består av 6 sifre',
    );
    await expectApiError(await verifyCode('ikke-epost', '123456'), 400, 'validation_error', 'Ugyldig epostadresse');
  });

  it('rejects a code when no link was requested', async () => {
    await expectApiError(await verifyCode('ingen@example.no', '123456'), 400, 'invalid_code', 'Koden er feil eller utløpt.');
  });

  it('does not accept a code from another address', async () => {
    const { code } = await linkFor('kari@example.no');
    await linkFor('ola@example.no');
    await expectApiError(await verifyCode('ola@example.no', code), 400, 'invalid_code');
  });

  it('rejects the code after 15 minutes', async () => {
    const { code } = await linkFor('kari@example.no');
    t.clock.advance(15 * MINUTE + 1);
    await expectApiError(await verifyCode('kari@example.no', code), 400, 'invalid_code');
  });

  it('still accepts the right code after four wrong ones', async () => {
    const { code } = await linkFor('kari@example.no');
    for (let i = 0; i < 4; i++) await expectApiError(await verifyCode('kari@example.no', wrongCode(code)), 400, 'invalid_code');
    expect((await verifyCode('kari@example.no', code)).status).toBe(200);
  });

  it('counts wrong codes: after five, even the right code fails', async () => {
    const { code } = await linkFor('kari@example.no');
    for (let i = 0; i < 5; i++) await expectApiError(await verifyCode('kari@example.no', wrongCode(code)), 400, 'invalid_code');
    const [row] = await t.db.select().from(magicLinkTokens);
    expect(row!.codeAttempts).toBe(5);
    await expectApiError(await verifyCode('kari@example.no', code), 400, 'invalid_code');
    expect(await t.db.select().from(users)).toEqual([]);
  });

  it('keeps every open link’s code valid when new links are requested, so a flood cannot kill the owner’s code', async () => {
    const owners = await linkFor('kari@example.no');
    // Someone else asks for links to the same address until its allowance is used up.
    for (let i = 0; i < 4; i++) await linkFor('kari@example.no');
    await expectApiError(await requestLink('kari@example.no'), 429, 'rate_limited');
    expect((await verifyCode('kari@example.no', owners.code)).status).toBe(200);
  });

  it('caps code attempts per address per day, across the 15-minute windows', async () => {
    const { code } = await linkFor('kari@example.no');
    for (let i = 0; i < 20; i++) {
      if (i === 10) t.clock.advance(15 * MINUTE); // past the 15-minute limit's window, within the day
      expect((await verifyCode('kari@example.no', wrongCode(code), { 'x-test-ip': `10.0.3.${i}` })).status).toBe(400);
    }
    t.clock.advance(15 * MINUTE);
    const fresh = await linkFor('kari@example.no');
    const res = await verifyCode('kari@example.no', fresh.code, { 'x-test-ip': '10.0.4.1' });
    await expectApiError(res, 429, 'rate_limited', /^For mange forsøk\. Prøv igjen om \d+ minutt(er)?\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(15 * 60);
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('rate-limits code attempts per address', async () => {
    const { code } = await linkFor('kari@example.no');
    for (let i = 0; i < 10; i++) {
      // Different IPs, so only the per-address limit applies.
      expect((await verifyCode('kari@example.no', wrongCode(code), { 'x-test-ip': `10.0.1.${i}` })).status).toBe(400);
    }
    const res = await verifyCode('kari@example.no', code, { 'x-test-ip': '10.0.2.1' });
    await expectApiError(res, 429, 'rate_limited', /^For mange forsøk\. Prøv igjen om \d+ minutt(er)?\.$/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await linkFor('ola@example.no');
    expect((await verifyCode('ola@example.no', other.code, { 'x-test-ip': '10.0.2.2' })).status).toBe(200);
  });
});

describe('GET /api/auth/me and sessions', () => {
  it('answers 401 with a Norwegian message when not signed in', async () => {
    await expectApiError(await t.api.auth.me.$get(), 401, 'unauthenticated', 'Du må logge inn for å fortsette.');
    await expectApiError(await me('A'.repeat(43)), 401, 'unauthenticated');
    await expectApiError(await meByCookie('sp_session=tull'), 401, 'unauthenticated');
  });

  it('accepts the session as a Bearer header or as the cookie', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    const viaBearer = await me(sessionToken);
    expect(viaBearer.status).toBe(200);
    const viaCookie = await meByCookie(`sp_session=${sessionToken}`);
    expect(viaCookie.status).toBe(200);
    expect((await viaCookie.json()).user.email).toBe('kari@example.no');
  });

  it('answers 401 when the account behind the session is gone', async () => {
    const { sessionToken, user } = await t.signIn('kari@example.no');
    await t.db.delete(users).where(eq(users.id, user.id));
    await expectApiError(await me(sessionToken), 401, 'unauthenticated');
  });

  it('expires a session left untouched for 30 days', async () => {
    const used = await t.signIn('kari@example.no');
    const untouched = await t.signIn('ola@example.no');
    t.clock.advance(30 * DAY - 1);
    expect((await me(used.sessionToken)).status).toBe(200);
    t.clock.advance(DAY + 1);
    await expectApiError(await me(untouched.sessionToken), 401, 'unauthenticated');
  });

  it('slides: a session used on day 29 is still valid on day 40, and ends 30 days after its last use', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    t.clock.advance(29 * DAY);
    expect((await me(sessionToken)).status).toBe(200);
    t.clock.advance(11 * DAY);
    expect((await me(sessionToken)).status).toBe(200);
    t.clock.advance(30 * DAY + 1);
    await expectApiError(await me(sessionToken), 401, 'unauthenticated');
  });

  it('renews the cookie when it slides the session, so the browser keeps it as long as the server does', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    t.clock.advance(20 * DAY);
    const res = await meByCookie(`sp_session=${sessionToken}`);
    expect(res.status).toBe(200);
    const renewed = sessionCookie(res);
    expect(renewed).toContain(`sp_session=${sessionToken};`);
    expect(renewed).toMatch(/;\s*Max-Age=2592000\b/);
    expect(renewed).toMatch(/;\s*HttpOnly/i);
    expect(renewed).toMatch(/;\s*SameSite=Lax/i);
  });

  it('does not set a cookie for Bearer clients or for a session used in the last hour', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    t.clock.advance(2 * DAY);
    expect(sessionCookie(await me(sessionToken))).toBeNull();
    t.clock.advance(10 * MINUTE);
    expect(sessionCookie(await meByCookie(`sp_session=${sessionToken}`))).toBeNull();
  });
});

describe('POST /api/auth/logout', () => {
  it('deletes the session row and clears the cookie; the token stops working', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    const res = await t.as(sessionToken).auth.logout.$post();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Du har blitt logget ut' });
    expect(sessionCookie(res)).toMatch(/^sp_session=;.*Max-Age=0/);
    expect(await t.db.select().from(sessions)).toEqual([]);
    await expectApiError(await me(sessionToken), 401, 'unauthenticated');
  });

  it('logs out a cookie session, leaving the user’s other sessions alone', async () => {
    const phone = await t.signIn('kari@example.no');
    const laptop = await t.signIn('kari@example.no');
    t.clock.advance(2 * DAY); // long enough that the request would otherwise renew the cookie
    const res = await t.api.auth.logout.$post(
      {},
      { headers: { cookie: `sp_session=${laptop.sessionToken}`, origin: TEST_ORIGIN } },
    );
    expect(res.status).toBe(200);
    const cookies = res.headers.getSetCookie().filter((c) => c.startsWith('sp_session='));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^sp_session=;.*Max-Age=0/);
    expect((await meByCookie(`sp_session=${laptop.sessionToken}`)).status).toBe(401);
    expect((await me(phone.sessionToken)).status).toBe(200);
  });

  it('answers 200 without a session', async () => {
    const res = await t.api.auth.logout.$post();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Du har blitt logget ut' });
  });

  it.each(['/api/auth/logout', '/api/auth/logout-all'])(
    'refuses %s from a foreign origin and keeps the session',
    async (path) => {
      const { sessionToken } = await t.signIn('kari@example.no');
      const res = await t.request(path, {
        method: 'POST',
        headers: { cookie: `sp_session=${sessionToken}`, origin: 'https://evil.com' },
      });
      await expectApiError(res, 403, 'forbidden_origin');
      expect((await me(sessionToken)).status).toBe(200);
    },
  );
});

describe('rate limits on magic links', () => {
  // The limits use fixed 15-minute windows; start each test at the beginning of one.
  beforeEach(() => t.clock.advance((15 * MINUTE - (t.clock.now() % (15 * MINUTE))) % (15 * MINUTE)));

  it('answers the 6th request for one address within 15 minutes with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      // Varying case and IP: the limit is per normalised address.
      const res = await requestLink(i % 2 ? 'KARI@example.no' : 'kari@example.no', {}, { 'x-test-ip': `10.0.0.${i}` });
      expect(res.status).toBe(200);
    }
    const res = await requestLink('kari@example.no', {}, { 'x-test-ip': '10.0.0.99' });
    await expectApiError(res, 429, 'rate_limited', 'For mange forsøk. Prøv igjen om 15 minutter.');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another address from the same IP is still served.
    expect((await requestLink('ola@example.no', {}, { 'x-test-ip': '10.0.0.99' })).status).toBe(200);
    // The limit is stored in the database, under a pseudonym of the address, never the address itself.
    const rows = await t.db.select().from(rateLimits);
    expect(
      rows
        .filter((r) => r.key.startsWith('mail:address:'))
        .map((r) => r.count)
        .sort(),
    ).toEqual([1, 5]);
    expect(JSON.stringify(rows)).not.toContain('example.no');
  });

  it('answers the 21st request from one IP, across addresses, with 429', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await requestLink(`person${i}@example.no`, {}, { 'x-test-ip': '203.0.113.7' })).status).toBe(200);
    }
    const res = await requestLink('person20@example.no', {}, { 'x-test-ip': '203.0.113.7' });
    await expectApiError(res, 429, 'rate_limited', /^For mange forsøk/);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.latestMail('person20@example.no')).toBeNull();
    expect((await requestLink('person20@example.no', {}, { 'x-test-ip': '203.0.113.8' })).status).toBe(200);
  });

  it('limits a whole /24 network, so hopping addresses (17 loopback addresses × 20) cannot spend the site’s mail', async () => {
    const from = (host: number) => ({ 'x-test-ip': `127.0.0.${host}` });
    let sent = 0;
    for (let host = 1; host <= 17 && sent < 40; host++) {
      for (let i = 0; i < 20 && sent < 40; i++, sent++) {
        expect((await requestLink(`p${host}-${i}@example.no`, {}, from(host))).status).toBe(200);
      }
    }
    await expectApiError(await requestLink('neste@example.no', {}, from(3)), 429, 'rate_limited');
    await expectApiError(await requestLink('neste@example.no', {}, from(200)), 429, 'rate_limited');
    // The next network is untouched.
    expect((await requestLink('neste@example.no', {}, { 'x-test-ip': '127.0.1.1' })).status).toBe(200);
  });

  it('limits an IPv6 /56 as one network', async () => {
    for (let i = 0; i < 40; i++) {
      const ip = `2001:db8:1:${(0x100 + (i % 200)).toString(16)}::/64`;
      expect((await requestLink(`v6-${i}@example.no`, {}, { 'x-test-ip': ip })).status).toBe(200);
    }
    await expectApiError(await requestLink('neste@example.no', {}, { 'x-test-ip': '2001:db8:1:1ff::/64' }), 429, 'rate_limited');
    expect((await requestLink('neste@example.no', {}, { 'x-test-ip': '2001:db8:1:200::/64' })).status).toBe(200);
  });

  it('serves requests again once the window has passed', async () => {
    for (let i = 0; i < 5; i++) expect((await requestLink('kari@example.no')).status).toBe(200);
    t.clock.advance(5 * MINUTE);
    const limited = await requestLink('kari@example.no');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBe(10 * 60);
    t.clock.advance(retryAfter * 1000);
    expect((await requestLink('kari@example.no')).status).toBe(200);
  });

  it('limits verification attempts per IP', async () => {
    for (let i = 0; i < 30; i++) expect((await verify(`ukjent-${i}`)).status).toBe(400);
    const res = await verify('ukjent-31');
    await expectApiError(res, 429, 'rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every session of the signed-in user on every device, clears the cookie, and leaves other users signed in', async () => {
    const phone = await t.signIn('kari@example.no');
    const laptop = await t.signIn('kari@example.no');
    const other = await t.signIn('ola@example.no');
    const res = await t.api.auth['logout-all'].$post(
      {},
      { headers: { cookie: `sp_session=${laptop.sessionToken}`, origin: TEST_ORIGIN } },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Du er logget ut på alle enheter' });
    expect(sessionCookie(res)).toMatch(/^sp_session=;.*Max-Age=0/);
    for (const { sessionToken } of [phone, laptop]) {
      await expectApiError(await me(sessionToken), 401, 'unauthenticated');
    }
    expect((await me(other.sessionToken)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    await expectApiError(await t.api.auth['logout-all'].$post(), 401, 'unauthenticated');
  });
});

describe('sessions: absolute lifetime and user agent', () => {
  it('ends a session 90 days after sign-in even when used every day', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (let day = 0; day < 89; day++) {
      t.clock.advance(DAY);
      expect((await me(sessionToken)).status, `day ${day + 1}`).toBe(200);
    }
    t.clock.advance(DAY);
    await expectApiError(await me(sessionToken), 401, 'unauthenticated');
  });

  it('renews the cookie only up to the absolute end', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    for (let day = 25; day <= 75; day += 25) {
      t.clock.advance(25 * DAY);
      expect((await me(sessionToken)).status).toBe(200);
    }
    t.clock.advance(5 * DAY);
    expect(sessionCookie(await meByCookie(`sp_session=${sessionToken}`))).toMatch(/;\s*Max-Age=864000\b/); // 10 days left
  });

  it('records the user agent the session was started with', async () => {
    const { token } = await linkFor('kari@example.no');
    await t.api.auth.verify.$get({ query: { token } }, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/605.1' } });
    const [row] = await t.db.select().from(sessions);
    expect(row!.userAgent).toBe('Mozilla/5.0 (iPhone) Safari/605.1');
  });
});

describe('e-mail budget and per-address allowance', () => {
  let small: TestApp;
  beforeEach(async () => {
    small = await createTestApp({ env: { MAIL_HOURLY_BUDGET: '3' } });
    // The budget counts whole clock hours; start at the beginning of one.
    small.clock.advance((HOUR - (small.clock.now() % HOUR)) % HOUR);
  });
  afterEach(() => small.close());
  const ask = (email: string) =>
    small.api.auth['magic-link'].$post({ json: { email } }, { headers: { 'x-test-ip': `10.${email.length}.9.1` } });
  const addressCounts = async () =>
    (await small.db.select().from(rateLimits))
      .filter((r) => r.key.startsWith('mail:address:'))
      .map((r) => r.count)
      .sort();

  it('lets strangers spend only two thirds of the hour’s budget, keeps the rest for members, and never stops an admin', async () => {
    await small.db.insert(users).values([
      { id: 'u-member', email: 'medlem@example.no' },
      { id: 'u-admin', email: 'admin@soloprenor.no', role: 'owner' },
    ]);
    // Budget 3: strangers may use 2.
    for (const email of ['a@example.no', 'bb@example.no']) expect((await ask(email)).status).toBe(200);
    small.clock.advance(20 * MINUTE);
    const res = await ask('ccc@example.no');
    await expectApiError(res, 429, 'rate_limited', 'For mange forsøk. Prøv igjen om 40 minutter.');
    expect(Number(res.headers.get('retry-after'))).toBe(40 * 60);
    expect(await small.latestMail('ccc@example.no')).toBeNull();

    // A member still gets in, up to the whole budget; then only the admin does.
    expect((await ask('medlem@example.no')).status).toBe(200);
    expect(await small.latestMail('medlem@example.no')).not.toBeNull();
    await expectApiError(await ask('medlem@example.no'), 429, 'rate_limited');
    expect((await ask('admin@soloprenor.no')).status).toBe(200);
    expect(await small.latestMail('admin@soloprenor.no')).not.toBeNull();

    // A sign-up is saved and told its mail is on the way, never 'Too many attempts'.
    const lead = await small.api.lead.$post({ json: { email: 'eeeee@example.no', acceptTerms: true, consentMarketing: true } });
    expect(lead.status).toBe(201);
    expect(await lead.json()).toMatchObject({ message: 'Vi har registrert deg – e-posten er på vei' });

    small.clock.advance(40 * MINUTE);
    expect((await ask('ccc@example.no')).status).toBe(200);
  });

  it('holds even an admin to the address’s allowance, and charges it only for mail it actually got', async () => {
    await small.db.insert(users).values({ id: 'u-admin', email: 'admin@soloprenor.no', role: 'owner' });
    for (let i = 0; i < 5; i++) expect((await ask('admin@soloprenor.no')).status).toBe(200);
    await expectApiError(await ask('admin@soloprenor.no'), 429, 'rate_limited');
    await expectApiError(await ask('admin@soloprenor.no'), 429, 'rate_limited');
    expect(await addressCounts()).toEqual([5]);
    expect(await small.db.select().from(mailOutbox)).toHaveLength(5);
  });

  it('charges nothing for mail the transport refused, so the person is not locked out when it is back', async () => {
    let down = true;
    small.deps.mailer = {
      send: async (m) => {
        if (down) throw new Error('SMTP 421 down');
        await small.db.insert(mailOutbox).values(m);
      },
    };
    // More tries than the allowance of five, all while mail is down: each is queued and answered.
    for (let i = 0; i < 7; i++) expect((await ask('kari@example.no')).status).toBe(200);
    expect(await addressCounts()).toEqual([]);

    down = false;
    small.clock.advance(MINUTE);
    await small.deliverMail();
    // Only the newest link goes out (each newer one replaced the one still waiting), and only it is charged.
    const sent = await small.db.select().from(mailOutbox);
    expect(sent.map((m) => m.to)).toEqual(['kari@example.no']);
    expect(await addressCounts()).toEqual([1]);
    expect((await ask('kari@example.no')).status).toBe(200);
    expect((await verifyWith(small, (await small.latestMail('kari@example.no'))!.token!)).status).toBe(200);
  });
});

const verifyWith = (app: TestApp, token: string) => app.api.auth.verify.$get({ query: { token } });

describe('round trips: at most two per request, session lookup included', () => {
  beforeEach(() => countOnlyTheRoute(t));

  const trips = (send: () => Promise<{ status: number }>, status: number) => roundTripsOf(t, send, status);

  it('POST /api/auth/magic-link, sent or refused, and its mail’s status', async () => {
    expect(await trips(() => requestLink('kari@example.no'), 200)).toBeLessThanOrEqual(2);
    const { requestId } = await (await requestLink('kari@example.no')).json();
    expect(await trips(() => linkStatus(t, requestId), 200)).toBeLessThanOrEqual(1);
    expect(await trips(() => linkStatus(t, 'x'.repeat(43)), 404)).toBeLessThanOrEqual(1);
    for (let i = 0; i < 3; i++) await requestLink('kari@example.no');
    expect(await trips(() => requestLink('kari@example.no'), 429)).toBeLessThanOrEqual(2);
  });

  it('GET /api/auth/verify, for a new and a returning user, with a stale session cookie, and when it fails', async () => {
    const { token } = await linkFor('kari@example.no', { firstName: 'Kari' });
    expect(await trips(() => verify(token), 200)).toBeLessThanOrEqual(2);
    const old = await t.signIn('kari@example.no');
    t.clock.advance(2 * DAY);
    const again = await linkFor('kari@example.no');
    const withCookie = () =>
      t.api.auth.verify.$get({ query: { token: again.token } }, { headers: { cookie: `sp_session=${old.sessionToken}` } });
    expect(await trips(withCookie, 200)).toBeLessThanOrEqual(2);
    expect(await trips(() => verify(again.token), 400)).toBeLessThanOrEqual(2);
  });

  it('POST /api/auth/verify-code, right and wrong', async () => {
    const { code } = await linkFor('kari@example.no');
    expect(await trips(() => verifyCode('kari@example.no', wrongCode(code)), 400)).toBeLessThanOrEqual(2);
    expect(await trips(() => verifyCode('kari@example.no', code), 200)).toBeLessThanOrEqual(2);
  });

  it('GET /api/auth/me, also when the session slides', async () => {
    const { sessionToken } = await t.signIn('kari@example.no');
    const byCookie = () => meByCookie(`sp_session=${sessionToken}`);
    expect(await trips(byCookie, 200)).toBeLessThanOrEqual(2);
    t.clock.advance(2 * DAY);
    t.roundTrips.reset();
    const slid = await byCookie();
    expect(sessionCookie(slid)).toContain(sessionToken);
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    expect(await trips(() => t.api.auth.me.$get(), 401)).toBeLessThanOrEqual(2);
  });

  it('POST /api/auth/logout and /api/auth/logout-all, also when the session slides', async () => {
    const a = await t.signIn('kari@example.no');
    const b = await t.signIn('kari@example.no');
    t.clock.advance(2 * DAY);
    expect(await trips(() => t.as(a.sessionToken).auth.logout.$post(), 200)).toBeLessThanOrEqual(2);
    expect(await trips(() => t.as(b.sessionToken).auth['logout-all'].$post(), 200)).toBeLessThanOrEqual(2);
  });
});
