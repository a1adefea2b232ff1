import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  consentEvents,
  emailChanges,
  leads,
  lessonCompletions,
  magicLinkTokens,
  mailQueue,
  sessions,
  streaks,
  users,
  xpAwards,
} from '#db/schema';
import { appPerTest, TEST_ORIGIN } from '#support/app';
import { countOnlyTheRoute, roundTripsOf } from '#support/budget';
import { expectApiError } from '#support/errors';
import { rowsMentioning } from '#support/user-data';

const KARI = 'kari@example.no';
const NEW = 'kari.ny@example.no';
const MINUTE = 60_000;
const NAME_INVALID = 'Fornavnet kan bare ha bokstaver, mellomrom, bindestrek og apostrof, og høyst 50 tegn';

const t = appPerTest({ seed: true });
let kari: { token: string; id: string };
beforeEach(async () => {
  const signedIn = await t.signIn(KARI);
  kari = { token: signedIn.sessionToken, id: signedIn.user.id };
});

type Init = { method?: string; json?: unknown; headers?: Record<string, string> };
/** Raw requests as Kari: input the schema refuses, a body that is not JSON, an unknown path. */
const asKari = (path: string, init: Init = {}) => t.request(path, { ...init, token: kari.token });
const account = () => t.as(kari.token).account;
const overview = async () => (await account().$get()).json();
const setConsent = (marketing: boolean, headers: Record<string, string> = {}) =>
  account().consent.$put({ json: { marketing } }, { headers });
const requestChange = (email: string, token = kari.token) => t.as(token).account.email.$post({ json: { email } });
const consentRows = () => t.db.select().from(consentEvents).orderBy(consentEvents.createdAt);

/** Signs up through the landing form and confirms by the mailed link: consent granted, as a real lead's. */
async function signUpWithConsent(email: string) {
  await t.api.lead.$post({ json: { email, acceptTerms: true, consentMarketing: true } });
  const res = await t.api.auth.verify.$get({ query: { token: (await t.latestMail(email))!.token! } });
  return res.json();
}

/** Asks for a change to `email` and returns the token of the link mailed to it. */
async function changeLinkFor(email: string, token = kari.token) {
  const res = await requestChange(email, token);
  expect(res.status).toBe(200);
  const mail = await t.latestMail(email);
  return new URL(/https?:\/\/\S+\/guide\/ny-epost\?token=[\w-]+/.exec(mail!.text)![0]).searchParams.get('token')!;
}

const confirm = (token: string) => t.api.account.email.confirm.$post({ json: { token } });

/** Every route that needs a session, with a valid body. */
const SIGNED_IN_ROUTES: (Init & { path: string })[] = [
  { method: 'GET', path: '/api/account' },
  { method: 'PATCH', path: '/api/account', json: { firstName: 'Kari' } },
  { method: 'PUT', path: '/api/account/consent', json: { marketing: false } },
  { method: 'POST', path: '/api/account/email', json: { email: NEW } },
  { method: 'GET', path: '/api/account/export' },
  { method: 'DELETE', path: '/api/account' },
  { method: 'GET', path: '/api/account/ingen-slik' },
];

describe('/api/account without a session', () => {
  it.each(SIGNED_IN_ROUTES)('$method $path: 401, and nothing changes', async ({ path, ...init }) => {
    const before = await rowsMentioning(t, [kari.id, KARI]);
    await expectApiError(await t.request(path, init), 401, 'unauthenticated');
    await expectApiError(await t.request(path, { ...init, token: 'ikke-en-sesjon' }), 401, 'unauthenticated');
    expect(await rowsMentioning(t, [kari.id, KARI])).toEqual(before);
    expect(await t.latestMail(NEW)).toBeNull();
  });
});

describe('state-changing calls from another site', () => {
  it.each(SIGNED_IN_ROUTES.filter((r) => r.method !== 'GET'))(
    '$method $path: 403 with the session cookie, and nothing changes',
    async ({ path, ...init }) => {
      const before = await rowsMentioning(t, [kari.id, KARI]);
      const headers = { origin: 'https://evil.example', cookie: `sp_session=${kari.token}` };
      await expectApiError(await t.request(path, { ...init, headers }), 403, 'forbidden_origin');
      expect(await rowsMentioning(t, [kari.id, KARI])).toEqual(before);
    },
  );
});

describe('unknown account addresses', () => {
  it('answers 404', async () => {
    await expectApiError(await asKari('/api/account/ingen-slik'), 404, 'not_found');
    await expectApiError(await asKari('/api/account/email', { method: 'GET' }), 404, 'not_found');
  });
});

describe('GET /api/account', () => {
  it('shows the user, their consent, no pending change, and what deleting would lose', async () => {
    await t.db.insert(lessonCompletions).values({ userId: kari.id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
    await t.db.insert(streaks).values({ userId: kari.id, currentStreak: 4, longestStreak: 6, lastActiveDay: '2026-11-21' });
    await t.db
      .insert(xpAwards)
      .values({ userId: kari.id, key: 'lesson:mindset-quick-win', kind: 'lesson_completed', points: 25 });
    const body = await overview();
    expect(body).toEqual({
      user: expect.objectContaining({
        id: kari.id,
        email: KARI,
        firstName: '',
        depthLevel: 'beginner',
        isPremium: false,
        premiumSubscription: null,
      }),
      marketingConsent: 'none',
      pendingEmail: null,
      progress: { lessonsCompleted: 1, currentStreak: 4, xp: 25 },
    });
    expect(body.user).not.toHaveProperty('adminNotes');
  });

  it('shows premium with its plan and end date, and a consent given at sign-up', async () => {
    const ola = await signUpWithConsent('ola@example.no');
    const end = new Date(t.clock.now() + 30 * 24 * 60 * MINUTE);
    await t.db
      .update(users)
      .set({ isPremium: true, premiumPlan: 'yearly', premiumEndDate: end })
      .where(eq(users.id, ola.user.id));
    const body = await (await t.as(ola.sessionToken).account.$get()).json();
    expect(body.marketingConsent).toBe('granted');
    expect(body.user).toMatchObject({ isPremium: true, premiumSubscription: { plan: 'yearly', endDate: end.toISOString() } });
  });
});

describe('PATCH /api/account', () => {
  it('changes first name and depth level, and nothing else', async () => {
    t.clock.advance(MINUTE);
    const res = await account().$patch({ json: { firstName: ' Kari-Anne ', depthLevel: 'expert' } });
    expect(res.status).toBe(200);
    const { user } = await res.json();
    expect(user).toMatchObject({ firstName: 'Kari-Anne', depthLevel: 'expert', email: KARI });
    expect(user.lastModifiedAt).toBe(new Date(t.clock.now()).toISOString());
    const [row] = await t.db.select().from(users).where(eq(users.id, kari.id));
    expect(row).toMatchObject({ firstName: 'Kari-Anne', depthLevel: 'expert', role: null });
    // An empty name is allowed: the name is optional.
    expect((await account().$patch({ json: { firstName: '' } })).status).toBe(200);
  });

  it.each([
    [{ firstName: 'Kari <script>' }, NAME_INVALID],
    [{ firstName: 'K'.repeat(51) }, NAME_INVALID],
    [{ depthLevel: 'guru' }, 'Velg et gyldig nivå'],
    [{}, 'Ingen endringer å lagre'],
    [{ role: 'owner' }, 'Ukjent nøkkel: "role"'],
    [{ email: NEW }, 'Ukjent nøkkel: "email"'],
  ])('refuses %j with a Norwegian message, changing nothing', async (json, message) => {
    await expectApiError(await asKari('/api/account', { method: 'PATCH', json }), 400, 'validation_error', message);
    const [row] = await t.db.select().from(users).where(eq(users.id, kari.id));
    expect(row).toMatchObject({ firstName: '', depthLevel: 'beginner', role: null, email: KARI });
  });

  it('refuses a body that is not JSON', async () => {
    await expectApiError(
      await asKari('/api/account', { method: 'PATCH', headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
  });
});

describe('PUT /api/account/consent', () => {
  it('records a withdrawal and a re-consent with time, source, account and client, once each', async () => {
    await signUpWithConsent(KARI);
    expect((await overview()).marketingConsent).toBe('granted');

    t.clock.advance(MINUTE);
    const headers = { 'user-agent': 'Testleser' };
    const off = await setConsent(false, headers);
    expect(await off.json()).toEqual({ marketingConsent: 'withdrawn' });
    await setConsent(false, headers);
    expect((await overview()).marketingConsent).toBe('withdrawn');
    const afterOff = await consentRows();
    expect(afterOff.map((e) => e.action)).toEqual(['terms_accepted', 'requested', 'granted', 'withdrawn']);
    expect(afterOff.at(-1)).toMatchObject({
      email: KARI,
      userId: kari.id,
      source: 'account',
      createdAt: new Date(t.clock.now()),
      clientHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    t.clock.advance(MINUTE);
    const on = await setConsent(true);
    expect(await on.json()).toEqual({ marketingConsent: 'granted' });
    expect((await overview()).marketingConsent).toBe('granted');
    expect((await consentRows()).at(-1)).toMatchObject({
      action: 'granted',
      source: 'account',
      userId: kari.id,
      createdAt: new Date(t.clock.now()),
    });
  });

  it('lets a user who never consented opt in from the profile', async () => {
    await setConsent(true);
    expect((await overview()).marketingConsent).toBe('granted');
  });

  it.each([{}, { marketing: 'ja' }, { marketing: null }])('refuses %j', async (json) => {
    await expectApiError(await asKari('/api/account/consent', { method: 'PUT', json }), 400, 'validation_error');
    expect(await consentRows()).toEqual([]);
  });
});

describe('changing the e-mail address', () => {
  it('mails a link to the new address only, keeps the old address until the link is used, then moves the account', async () => {
    await signUpWithConsent(KARI);
    const res = await requestChange(' Kari.Ny@Example.no ');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ pendingEmail: NEW, message: `Vi har sendt en bekreftelseslenke til ${NEW}.` });

    const mail = await t.latestMail(NEW);
    expect(mail).toMatchObject({ subject: 'Bekreft ny e-postadresse for Soloprenør' });
    expect(mail!.text).toContain(`${TEST_ORIGIN}/guide/ny-epost?token=`);
    expect((await t.latestMail(KARI))!.subject).not.toMatch(/Bekreft ny/);
    const token = new URL(/https?:\/\/\S+\/guide\/ny-epost\?token=[\w-]+/.exec(mail!.text)![0]).searchParams.get('token')!;
    expect(await t.db.select({ hash: emailChanges.tokenHash }).from(emailChanges)).not.toContainEqual({ hash: token });

    // Until the link is used: the old address is the account's and still signs in to it.
    expect(await overview()).toMatchObject({ user: { email: KARI }, pendingEmail: NEW });
    expect((await t.signIn(KARI)).user.id).toBe(kari.id);
    const openLink = await t.api.auth['magic-link'].$post({ json: { email: KARI } });
    expect(openLink.status).toBe(200);
    const oldToken = (await t.latestMail(KARI))!.token!;

    t.clock.advance(MINUTE);
    const done = await confirm(token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ email: NEW, message: `E-postadressen er endret til ${NEW}.` });
    expect(await overview()).toMatchObject({
      user: { id: kari.id, email: NEW },
      pendingEmail: null,
      marketingConsent: 'granted',
    });
    // The old address is told, with the new one, and given nothing to click.
    const notice = await t.latestMail(KARI);
    expect(notice).toMatchObject({ subject: 'E-postadressen din hos Soloprenør er endret' });
    expect(notice!.text).not.toMatch(/https?:\/\//);
    expect(notice!.text).toContain(`E-postadressen for kontoen din hos Soloprenør er nå ${NEW}.`);
    expect(notice!.text).toContain('Var det ikke deg? Svar på denne e-posten');

    // The consent moved with her: granted on the new address (same wording), withdrawn on the old.
    const moved = (await consentRows()).slice(-2);
    expect(moved).toEqual([
      expect.objectContaining({ email: NEW, action: 'granted', source: 'email_change', userId: kari.id }),
      expect.objectContaining({ email: KARI, action: 'withdrawn', source: 'email_change', userId: kari.id }),
    ]);
    // Her lead row (how she first came) follows her, its consent decision the new address's.
    expect(await t.db.select().from(leads).where(eq(leads.userId, kari.id))).toEqual([
      expect.objectContaining({ email: NEW, source: 'landing_page', consentDecision: 'granted' }),
    ]);
    // A sign-in link still open for the old address no longer opens anything.
    await expectApiError(await t.api.auth.verify.$get({ query: { token: oldToken } }), 400, 'invalid_token');
    expect(await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, KARI))).toSatisfy(
      (rows: (typeof magicLinkTokens.$inferSelect)[]) => rows.every((r) => r.usedAt !== null),
    );
    // The new address signs in to the same account; the link works once.
    expect((await t.signIn(NEW)).user.id).toBe(kari.id);
    await expectApiError(await confirm(token), 400, 'invalid_email_change');
  });

  it('leaves a lead already standing for the new address where it is, and keeps her own row', async () => {
    await signUpWithConsent(KARI);
    await t.api.lead.$post({ json: { email: NEW, acceptTerms: true, consentMarketing: true } });
    const leadOf = async (email: string) => (await t.db.select().from(leads).where(eq(leads.email, email)))[0];
    const [hers, theirs] = [await leadOf(KARI), await leadOf(NEW)];

    expect((await confirm(await changeLinkFor(NEW))).status).toBe(200);
    expect(await overview()).toMatchObject({ user: { email: NEW } });
    // Both rows stay (one address, one lead); the consent moved, and each row's decision says so.
    expect(await leadOf(KARI)).toEqual({ ...hers, consentDecision: 'withdrawn' });
    expect(await leadOf(NEW)).toEqual({ ...theirs, consentDecision: 'granted' });
  });

  it('needs the new address’s own link: without it, or with a wrong, altered or expired one, nothing changes', async () => {
    const token = await changeLinkFor(NEW);
    await expectApiError(await confirm('x'.repeat(43)), 400, 'invalid_email_change');
    await expectApiError(await confirm(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`), 400, 'invalid_email_change');
    t.clock.advance(60 * MINUTE);
    await expectApiError(
      await confirm(token),
      400,
      'invalid_email_change',
      'Bekreftelseslenken er ugyldig, utløpt eller allerede brukt. Be om en ny lenke fra profilen din.',
    );
    expect((await overview()).user.email).toBe(KARI);
  });

  it('lets only the newest of several requests through', async () => {
    const first = await changeLinkFor('forste@example.no');
    const second = await changeLinkFor(NEW);
    await expectApiError(await confirm(first), 400, 'invalid_email_change');
    expect(await (await confirm(second)).json()).toMatchObject({ email: NEW });
  });

  it('refuses an address another account has, saying only that it is taken — at request and at confirmation', async () => {
    await t.signIn('ola@example.no');
    await expectApiError(
      await requestChange('ola@example.no'),
      409,
      'email_taken',
      'E-postadressen er allerede i bruk av en annen bruker.',
    );
    expect((await t.latestMail('ola@example.no'))!.subject).toBe('Din innloggingslenke til Soloprenør');
    expect(await overview()).toMatchObject({ pendingEmail: null });

    // Taken between the request and the link: nothing changes, and the answer says why.
    const token = await changeLinkFor(NEW);
    await t.signIn(NEW);
    await expectApiError(await confirm(token), 409, 'email_taken');
    expect((await overview()).user.email).toBe(KARI);
    expect((await t.latestMail(KARI))?.subject).not.toBe('E-postadressen din hos Soloprenør er endret');
  });

  it.each([
    [{ email: 'ikke-en-adresse' }, 'Ugyldig epostadresse'],
    [{}, 'Ugyldig epostadresse'],
    [{ email: KARI.toUpperCase() }, 'Dette er allerede e-postadressen din'],
  ])('refuses %j', async (json, message) => {
    await expectApiError(await asKari('/api/account/email', { json }), 400, 'validation_error', message);
    expect(await t.db.select().from(emailChanges)).toEqual([]);
  });

  it('refuses a confirmation without a token', async () => {
    await expectApiError(await t.request('/api/account/email/confirm', { json: {} }), 400, 'validation_error');
  });

  it('allows five requests an hour per account', async () => {
    for (let i = 0; i < 5; i++) await changeLinkFor(`ny${i}@example.no`);
    await expectApiError(await requestChange('ny6@example.no'), 429, 'rate_limited');
    expect(await t.latestMail('ny6@example.no')).toBeNull();
    t.clock.advance(60 * MINUTE);
    await changeLinkFor('ny7@example.no');
  });

  it('queues the link when mail is down, and it goes out once mail is back', async () => {
    let down = true;
    const mailer = t.deps.mailer;
    t.deps.mailer = { send: (m) => (down ? Promise.reject(new Error('SMTP nede')) : mailer.send(m)) };
    expect((await requestChange(NEW)).status).toBe(200);
    expect(await t.latestMail(NEW)).toBeNull();
    down = false;
    t.clock.advance(MINUTE);
    await t.deliverMail();
    expect((await t.latestMail(NEW))?.subject).toBeTruthy();
  });

  it('changes the address even when the notice to the old one cannot be sent yet, and sends it later', async () => {
    const token = await changeLinkFor(NEW);
    let down = true;
    const mailer = t.deps.mailer;
    t.deps.mailer = { send: (m) => (down ? Promise.reject(new Error('SMTP nede')) : mailer.send(m)) };
    expect(await (await confirm(token)).json()).toMatchObject({ email: NEW });
    expect((await overview()).user.email).toBe(NEW);
    const notices = async () =>
      (await t.db.select().from(mailQueue).where(eq(mailQueue.to, KARI))).filter((m) => m.dedupeKey.startsWith('email-changed:'));
    expect(await notices()).toMatchObject([{ status: 'pending', lastError: 'SMTP nede' }]);
    down = false;
    t.clock.advance(MINUTE);
    await t.deliverMail();
    expect((await t.latestMail(KARI))?.text).toContain(NEW);
    // Confirming again changes nothing and queues no second notice.
    await confirm(token);
    expect(await notices()).toMatchObject([{ status: 'sent' }]);
  });
});

describe('GET /api/account/export', () => {
  it('downloads the same complete export an admin gets, including the consent history', async () => {
    await signUpWithConsent(KARI);
    await setConsent(false);
    await account().$patch({ json: { firstName: 'Kari' } });
    const res = await account().export.$get();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="user-data-${kari.id}-${t.clock.now()}.json"`);
    const own = await res.json();
    expect(own).toMatchObject({ userId: kari.id, exportedAt: new Date(t.clock.now()).toISOString() });
    expect(own.tables.users).toEqual([expect.objectContaining({ id: kari.id, email: KARI, firstName: 'Kari' })]);
    expect(own.tables.consent_events!.map((e) => e.action)).toEqual(['terms_accepted', 'requested', 'granted', 'withdrawn']);
    expect(JSON.stringify(own)).not.toMatch(/tokenHash|codeHash|clientHash/);

    const admin = await t.signIn('admin@soloprenor.no');
    const byAdmin = await (await t.as(admin.sessionToken).admin.users[':id'].export.$get({ param: { id: kari.id } })).json();
    // The same tables and rows; the admin's also holds its own audit row ("who exported it").
    const { admin_audit_log: adminAudit, ...adminTables } = byAdmin.tables;
    const { admin_audit_log: ownAudit, ...ownTables } = own.tables;
    expect(adminTables).toEqual(ownTables);
    expect(ownAudit).toEqual([]);
    expect(adminAudit).toEqual([expect.objectContaining({ action: 'user.export', targetId: kari.id })]);
  });
});

describe('DELETE /api/account', () => {
  it('deletes the account and everything naming it, ends every session, clears the cookie', async () => {
    await signUpWithConsent(KARI);
    const other = await t.signIn(KARI);
    await t.db.insert(lessonCompletions).values({ userId: kari.id, lessonId: 'mindset-quick-win', moduleId: 'mindset' });
    await changeLinkFor(NEW);
    await t.signIn('ola@example.no');
    const olaBefore = await rowsMentioning(t, ['ola@example.no']);

    // By the browser's cookie, from the site's own origin.
    const res = await t.api.account.$delete({}, { headers: { cookie: `sp_session=${kari.token}`, origin: TEST_ORIGIN } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Kontoen din og alle dataene dine er slettet.' });
    expect(res.headers.get('set-cookie')).toMatch(/^sp_session=;.*Max-Age=0/);

    expect(await rowsMentioning(t, [kari.id, KARI, NEW])).toEqual({});
    expect(await t.db.select().from(sessions).where(eq(sessions.tokenHash, other.sessionToken))).toEqual([]);
    await expectApiError(await t.request('/api/auth/me', { token: other.sessionToken }), 401, 'unauthenticated');
    expect(await rowsMentioning(t, ['ola@example.no'])).toEqual(olaBefore);

    // Signing in again makes a new, empty account: nothing of the old one comes back.
    const again = await t.signIn(KARI);
    expect(again.user.id).not.toBe(kari.id);
    expect(await (await t.as(again.sessionToken).account.$get()).json()).toMatchObject({
      marketingConsent: 'none',
      progress: { lessonsCompleted: 0, currentStreak: 0, xp: 0 },
    });
  });
});

describe('round trips: at most two per request, session lookup included', () => {
  beforeEach(() => countOnlyTheRoute(t));
  const trips = (send: () => Promise<{ status: number }>, status: number) => roundTripsOf(t, send, status);

  it('every account route, answering or refusing', async () => {
    await signUpWithConsent(KARI);
    expect(await trips(() => account().$get(), 200)).toBeLessThanOrEqual(2);
    expect(await trips(() => t.api.account.$get(), 401)).toBeLessThanOrEqual(2);
    expect(await trips(() => account().$patch({ json: { depthLevel: 'expert' } }), 200)).toBeLessThanOrEqual(2);
    expect(await trips(() => account().$patch({ json: {} }), 400)).toBeLessThanOrEqual(2);
    expect(await trips(() => setConsent(false), 200)).toBeLessThanOrEqual(2);
    expect(await trips(() => requestChange(NEW), 200)).toBeLessThanOrEqual(2);
    expect(await trips(() => requestChange('admin@soloprenor.no'), 200)).toBeLessThanOrEqual(2);
    await t.signIn('ola@example.no');
    expect(await trips(() => requestChange('ola@example.no'), 409)).toBeLessThanOrEqual(2);
    const token = await changeLinkFor(NEW);
    const withCookie = { headers: { cookie: `sp_session=${kari.token}`, origin: TEST_ORIGIN } };
    const confirmWithCookie = () => t.api.account.email.confirm.$post({ json: { token } }, withCookie);
    expect(await trips(confirmWithCookie, 200)).toBeLessThanOrEqual(2);
    expect(await trips(confirmWithCookie, 400)).toBeLessThanOrEqual(2);
    expect(await trips(() => account().export.$get(), 200)).toBeLessThanOrEqual(2);
    expect(await trips(() => asKari('/api/account/ingen-slik'), 404)).toBeLessThanOrEqual(2);
    expect(await trips(() => account().$delete(), 200)).toBeLessThanOrEqual(2);
  });
});
