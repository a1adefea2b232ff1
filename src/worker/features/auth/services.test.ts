import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, magicLinkTokens, sessions, users } from '#db/schema';
import { appPerTest, type TestApp } from '#support/app';
import { hmacSha256, randomDigits, randomToken, sha256 } from '#worker/platform/crypto';
import { AppError } from '#worker/errors';
import { sendMagicLink, signInWithCode, signInWithToken } from './magic-link';
import { publicUser } from './public-user';
import { bootstrapAdmins } from './list-roles';
import { endSession, userForSession } from './sessions';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const client = { ip: '192.0.2.1', userAgent: 'Mozilla/5.0 (Vitest)' };

const t = appPerTest();
let ctx: TestApp['deps'];
beforeEach(async () => {
  ctx = t.deps;
});

async function send(email: string, extra: { firstName?: string; redirect?: string } = {}) {
  await sendMagicLink(t.deps, { email, ...extra });
  await t.deliverMail();
  const mail = await t.latestMail(email);
  return { token: mail!.token!, code: mail!.code!, mail: mail! };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('crypto helpers', () => {
  it('makes 256-bit url-safe tokens that differ every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('makes codes of exactly the requested number of digits, using every digit', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = randomDigits(6);
      expect(code).toMatch(/^\d{6}$/);
      for (const d of code) seen.add(d);
    }
    expect(seen.size).toBe(10);
  });

  it('hashes with SHA-256 as lowercase hex', async () => {
    expect(await sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('sendMagicLink', () => {
  it('stores a hashed, 15-minute token with the name and redirect, and mails the link and code', async () => {
    const { token, code, mail } = await send('kari@example.no', { firstName: 'Kari', redirect: '/premium' });
    const [row] = await t.db.select().from(magicLinkTokens);
    expect(row).toMatchObject({
      tokenHash: await sha256(token),
      email: 'kari@example.no',
      firstName: 'Kari',
      redirect: '/premium',
      codeAttempts: 0,
      usedAt: null,
    });
    expect(row!.expiresAt.getTime()).toBe(t.clock.now() + 15 * MINUTE);
    expect(mail.text).toMatch(/^Hei!\n/);
    expect(mail.html).toContain(mail.link!.replace(/&/g, '&amp;'));
    expect(mail.html).toContain(code);
  });

  it('keeps the code as an HMAC under AUTH_SECRET, which a plain SHA-256 of address and code does not match', async () => {
    const { code } = await send('kari@example.no');
    const [row] = await t.db.select().from(magicLinkTokens);
    expect(row!.codeHash).toBe(await hmacSha256(t.deps.config.AUTH_SECRET, `login-code:kari@example.no:${code}`));
    expect(row!.codeHash).not.toBe(await sha256(`kari@example.no:${code}`));
    // Trying every code against the stored hash needs the secret.
    const guessable = new Set(
      await Promise.all(Array.from({ length: 10 }, (_, i) => sha256(`kari@example.no:${String(i).padStart(6, '0')}`))),
    );
    expect(guessable.has(row!.codeHash)).toBe(false);
  });

  it('puts nothing the request wrote into the mail, not even a given name or an account name', async () => {
    const phishing = 'Kontoen din er sperret';
    await t.db.insert(users).values({ id: 'u1', email: 'kari@example.no', firstName: 'Kari' });
    const { mail } = await send('kari@example.no', { firstName: phishing });
    for (const part of [mail.text, mail.html, mail.subject]) {
      expect(part).not.toContain(phishing);
      expect(part).not.toContain('Kari');
    }
    expect(mail.text.split('\n')[0]).toBe('Hei!');
  });

  it('leaves the codes of older open links valid, so asking for a new link cannot kill anyone’s code', async () => {
    const first = await send('kari@example.no');
    await send('kari@example.no');
    const rows = await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, 'kari@example.no'));
    expect(rows.map((r) => r.codeAttempts)).toEqual([0, 0]);
    const result = await signInWithCode(ctx, { email: 'kari@example.no', code: first.code, client });
    expect(result.user.email).toBe('kari@example.no');
  });
});

describe('signInWithToken', () => {
  it('creates the account on first use, with the name from the request, and a hashed 30-day session', async () => {
    const { token } = await send('kari@example.no', { firstName: 'Kari', redirect: '/guide/lessons/niche' });
    expect(await t.db.select().from(users)).toHaveLength(0);
    const result = await signInWithToken(ctx, { token, client });
    expect(result.user).toMatchObject({ email: 'kari@example.no', firstName: 'Kari', role: null, isActive: true });
    expect(result.user.lastLogin?.getTime()).toBe(t.clock.now());
    expect(result.redirect).toBe('/guide/lessons/niche');
    const [session] = await t.db.select().from(sessions);
    expect(session!.tokenHash).toBe(await sha256(result.sessionToken));
    expect(session!.userId).toBe(result.user.id);
    expect(session!.expiresAt.getTime()).toBe(t.clock.now() + 30 * DAY);
  });

  it('keeps the existing account and name on a later login, updating lastLogin', async () => {
    const first = await signInWithToken(ctx, { token: (await send('kari@example.no', { firstName: 'Kari' })).token, client });
    t.clock.advance(DAY);
    const second = await signInWithToken(ctx, {
      token: (await send('kari@example.no', { firstName: 'Karianne' })).token,
      client,
    });
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.firstName).toBe('Kari');
    expect(second.user.lastLogin?.getTime()).toBe(t.clock.now());
  });

  it('is single use, also under concurrency', async () => {
    const { token } = await send('kari@example.no');
    const results = await Promise.allSettled([
      signInWithToken(ctx, { token, client }),
      signInWithToken(ctx, { token, client }),
      signInWithToken(ctx, { token, client }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('invalid_token');
  });

  it('tells an expired token from an unknown one', async () => {
    const { token } = await send('kari@example.no');
    t.clock.advance(15 * MINUTE);
    expect((await failure(signInWithToken(ctx, { token, client }))).code).toBe('expired_token');
    expect((await failure(signInWithToken(ctx, { token: randomToken(), client }))).code).toBe('invalid_token');
  });

  it('bootstraps owners from the configured list, also for an existing account', async () => {
    await t.db.insert(users).values({ id: 'u-admin', email: 'admin@soloprenor.no' });
    const result = await signInWithToken(ctx, { token: (await send('admin@soloprenor.no')).token, client });
    expect(result.user.id).toBe('u-admin');
    expect(result.user.role).toBe('owner');
  });

  it('does not take away a role given in the admin UI from someone not in the list', async () => {
    await t.db.insert(users).values({ id: 'u-ola', email: 'ola@example.no', role: 'editor' });
    const result = await signInWithToken(ctx, { token: (await send('ola@example.no')).token, client });
    expect(result.user.role).toBe('editor');
  });

  it('refuses a disabled account without starting a session', async () => {
    await t.db.insert(users).values({ id: 'u1', email: 'kari@example.no', isActive: false });
    const err = await failure(signInWithToken(ctx, { token: (await send('kari@example.no')).token, client }));
    expect(err.code).toBe('account_disabled');
    expect(err.status).toBe(403);
    expect(await t.db.select().from(sessions)).toEqual([]);
  });
});

describe('signInWithCode', () => {
  it('signs in with the code and counts only wrong guesses on the newest link', async () => {
    const { code } = await send('kari@example.no');
    const wrong = code === '999999' ? '000000' : '999999';
    expect((await failure(signInWithCode(ctx, { email: 'kari@example.no', code: wrong, client }))).code).toBe('invalid_code');
    const [row] = await t.db.select().from(magicLinkTokens);
    expect(row!.codeAttempts).toBe(1);
    const result = await signInWithCode(ctx, { email: 'kari@example.no', code, client });
    expect(result.user.email).toBe('kari@example.no');
    const [used] = await t.db.select().from(magicLinkTokens);
    expect(used!.usedAt?.getTime()).toBe(t.clock.now());
  });

  it('lets the right code in only once under concurrency', async () => {
    const { code } = await send('kari@example.no');
    const results = await Promise.allSettled([
      signInWithCode(ctx, { email: 'kari@example.no', code, client }),
      signInWithCode(ctx, { email: 'kari@example.no', code, client }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });
});

describe('userForSession and endSession', () => {
  it('finds the user, slides the expiry at most once an hour, and forgets an ended session', async () => {
    const { sessionToken, user } = await signInWithToken(ctx, { token: (await send('kari@example.no')).token, client });
    t.clock.advance(30 * MINUTE);
    const soon = await userForSession(ctx, { token: sessionToken });
    expect(soon?.user.id).toBe(user.id);
    expect(soon?.renewed).toBe(false);

    t.clock.advance(10 * DAY);
    const later = await userForSession(ctx, { token: sessionToken });
    expect(later?.renewed).toBe(true);
    const [row] = await t.db.select().from(sessions);
    expect(row!.expiresAt.getTime()).toBe(t.clock.now() + 30 * DAY);
    expect(row!.lastUsedAt.getTime()).toBe(t.clock.now());

    await endSession(t.deps, { token: sessionToken });
    expect(await userForSession(ctx, { token: sessionToken })).toBeNull();
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('returns null for an unknown, expired or disabled session', async () => {
    expect(await userForSession(ctx, { token: randomToken() })).toBeNull();
    const a = await signInWithToken(ctx, { token: (await send('kari@example.no')).token, client });
    const b = await signInWithToken(ctx, { token: (await send('ola@example.no')).token, client });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, b.user.id));
    expect(await userForSession(ctx, { token: b.sessionToken })).toBeNull();
    t.clock.advance(30 * DAY);
    expect(await userForSession(ctx, { token: a.sessionToken })).toBeNull();
  });
});

describe('publicUser', () => {
  it('shows the user without admin notes, with ISO dates', async () => {
    await t.db.insert(users).values({
      id: 'u1',
      email: 'kari@example.no',
      adminNotes: 'intern merknad',
      premiumPlan: 'yearly',
      premiumEndDate: new Date(Date.UTC(2027, 0, 1)),
    });
    const [user] = await t.db.select().from(users);
    const shown = publicUser(user!);
    expect(JSON.stringify(shown)).not.toContain('intern merknad');
    expect(shown.premiumSubscription).toEqual({ plan: 'yearly', endDate: '2027-01-01T00:00:00.000Z' });
    expect(shown.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('owners from ADMIN_EMAILS', () => {
  const adminFlags = async (id: string) => {
    const [row] = await t.db.select({ role: users.role, fromConfig: users.adminFromConfig }).from(users).where(eq(users.id, id));
    return row;
  };

  it('marks an owner made by the list as such, and takes the role away at sign-in once the address has left it, with audit rows', async () => {
    const made = await signInWithToken(ctx, { token: (await send('admin@soloprenor.no')).token, client });
    expect(await adminFlags(made.user.id)).toEqual({ role: 'owner', fromConfig: true });

    const afterRemoval = { ...ctx, config: { ...ctx.config, ADMIN_EMAILS: [] } };
    const again = await signInWithToken(afterRemoval, { token: (await send('admin@soloprenor.no')).token, client });
    expect(again.user.role).toBe(null);
    expect(await adminFlags(made.user.id)).toEqual({ role: null, fromConfig: false });
    const audit = await t.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, made.user.id));
    // A new account is made an owner as it is created (no row to change yet); leaving the list is a change, by nobody.
    expect(audit).toMatchObject([
      { actorId: null, action: 'user.update', details: { changes: { role: { from: 'owner', to: null } }, by: 'ADMIN_EMAILS' } },
    ]);
  });

  it('at start: makes the listed addresses owners, takes the role the list gave from those it dropped, keeps roles given in the UI', async () => {
    await t.db.insert(users).values([
      { id: 'listed', email: 'ny-admin@soloprenor.no' },
      { id: 'dropped', email: 'gammel-admin@soloprenor.no', role: 'owner', adminFromConfig: true },
      { id: 'ui', email: 'ui-admin@example.no', role: 'admin' },
      { id: 'ui-owner', email: 'eier@example.no', role: 'owner' },
      { id: 'both', email: 'begge@soloprenor.no', role: 'editor' },
    ]);
    await bootstrapAdmins(t.deps, { emails: ['ny-admin@soloprenor.no', 'begge@soloprenor.no'], now: t.clock.now() });
    expect(await adminFlags('listed')).toEqual({ role: 'owner', fromConfig: true });
    expect(await adminFlags('dropped')).toEqual({ role: null, fromConfig: false });
    expect(await adminFlags('ui')).toEqual({ role: 'admin', fromConfig: false });
    expect(await adminFlags('ui-owner')).toEqual({ role: 'owner', fromConfig: false });
    // An editor the list made owner is an owner by the list alone: leaving it takes the role away
    // (it never falls back to a role nobody chose again; the owner gives it anew).
    expect(await adminFlags('both')).toEqual({ role: 'owner', fromConfig: true });
    const changed = await t.db.select({ id: adminAuditLog.targetId, details: adminAuditLog.details }).from(adminAuditLog);
    expect(changed).toEqual(
      expect.arrayContaining([
        { id: 'listed', details: { changes: { role: { from: null, to: 'owner' } }, by: 'ADMIN_EMAILS' } },
        { id: 'dropped', details: { changes: { role: { from: 'owner', to: null } }, by: 'ADMIN_EMAILS' } },
        { id: 'both', details: { changes: { role: { from: 'editor', to: 'owner' } }, by: 'ADMIN_EMAILS' } },
      ]),
    );
    expect(changed).toHaveLength(3);

    await bootstrapAdmins(t.deps, { emails: [], now: t.clock.now() });
    expect(await adminFlags('listed')).toEqual({ role: null, fromConfig: false });
    expect(await adminFlags('both')).toEqual({ role: null, fromConfig: false });
    expect(await adminFlags('ui-owner')).toEqual({ role: 'owner', fromConfig: false });
  });
});

describe('session lifetime', () => {
  it('records the user agent the session was started with', async () => {
    await signInWithToken(ctx, { token: (await send('kari@example.no')).token, client });
    const [row] = await t.db.select().from(sessions);
    expect(row!.userAgent).toBe(client.userAgent);
    expect(row!.createdAt.getTime()).toBe(t.clock.now());
  });

  it('ends 90 days after sign-in however often it is used, the last slide stopping at that point', async () => {
    const { sessionToken } = await signInWithToken(ctx, { token: (await send('kari@example.no')).token, client });
    const signedInAt = t.clock.now();
    for (let day = 20; day < 90; day += 20) {
      t.clock.advance(20 * DAY);
      expect(await userForSession(ctx, { token: sessionToken })).not.toBeNull();
    }
    // Day 80: slid, but only up to day 90.
    const [row] = await t.db.select().from(sessions);
    expect(row!.expiresAt.getTime()).toBe(signedInAt + 90 * DAY);
    t.clock.advance(10 * DAY - 1);
    expect(await userForSession(ctx, { token: sessionToken })).not.toBeNull();
    t.clock.advance(1);
    expect(await userForSession(ctx, { token: sessionToken })).toBeNull();
  });

  it('looks the session up and slides it in one round trip', async () => {
    const { sessionToken } = await signInWithToken(ctx, { token: (await send('kari@example.no')).token, client });
    t.clock.advance(2 * DAY);
    t.roundTrips.reset();
    expect((await userForSession(ctx, { token: sessionToken }))?.renewed).toBe(true);
    expect(t.roundTrips.count).toBe(1);
  });
});
