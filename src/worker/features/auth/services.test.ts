import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { magicLinkTokens, sessions, users } from '#db/schema';
import { createTestApp, type TestApp } from '#support/app';
import { randomDigits, randomToken, sha256 } from '#worker/platform/crypto';
import { AppError } from '#worker/http/errors';
import { outboxMailer } from '#worker/platform/mailer/outbox';
import { sendMagicLink, signInWithCode, signInWithToken } from './magic-link';
import { publicUser } from './public-user';
import { endSession, userForSession } from './sessions';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let t: TestApp;
let ctx: TestApp['deps'];
beforeEach(async () => {
  t = await createTestApp();
  ctx = t.deps;
});
afterEach(() => t.close());

async function send(email: string, extra: { firstName?: string; redirect?: string } = {}) {
  await sendMagicLink({ ...t.deps, mailer: outboxMailer(t.db) }, { email, ...extra });
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
      codeHash: await sha256(`kari@example.no:${code}`),
      email: 'kari@example.no',
      firstName: 'Kari',
      redirect: '/premium',
      codeAttempts: 0,
      usedAt: null,
    });
    expect(row!.expiresAt.getTime()).toBe(t.clock.now() + 15 * MINUTE);
    expect(mail.text).toContain('Hei Kari!');
    expect(mail.html).toContain(mail.link!.replace(/&/g, '&amp;'));
    expect(mail.html).toContain(code);
  });

  it('greets a returning user by the name on their account', async () => {
    await t.db.insert(users).values({ id: 'u1', email: 'kari@example.no', firstName: 'Kari' });
    const { mail } = await send('kari@example.no', { firstName: 'Noen andre' });
    expect(mail.text).toContain('Hei Kari!');
  });

  it('uses up the attempts of older unused codes, so only the newest code can be guessed', async () => {
    await send('kari@example.no');
    await send('kari@example.no');
    const rows = await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, 'kari@example.no'));
    expect(rows.map((r) => r.codeAttempts).sort()).toEqual([0, 5]);
  });
});

describe('signInWithToken', () => {
  it('creates the account on first use, with the name from the request, and a hashed 30-day session', async () => {
    const { token } = await send('kari@example.no', { firstName: 'Kari', redirect: '/guide/lessons/niche' });
    expect(await t.db.select().from(users)).toHaveLength(0);
    const result = await signInWithToken(ctx, { token });
    expect(result.user).toMatchObject({ email: 'kari@example.no', firstName: 'Kari', isAdmin: false, isActive: true });
    expect(result.user.lastLogin?.getTime()).toBe(t.clock.now());
    expect(result.redirect).toBe('/guide/lessons/niche');
    const [session] = await t.db.select().from(sessions);
    expect(session!.tokenHash).toBe(await sha256(result.sessionToken));
    expect(session!.userId).toBe(result.user.id);
    expect(session!.expiresAt.getTime()).toBe(t.clock.now() + 30 * DAY);
  });

  it('keeps the existing account and name on a later login, updating lastLogin', async () => {
    const first = await signInWithToken(ctx, { token: (await send('kari@example.no', { firstName: 'Kari' })).token });
    t.clock.advance(DAY);
    const second = await signInWithToken(ctx, { token: (await send('kari@example.no', { firstName: 'Karianne' })).token });
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.firstName).toBe('Kari');
    expect(second.user.lastLogin?.getTime()).toBe(t.clock.now());
  });

  it('is single use, also under concurrency', async () => {
    const { token } = await send('kari@example.no');
    const results = await Promise.allSettled([signInWithToken(ctx, { token }), signInWithToken(ctx, { token }), signInWithToken(ctx, { token })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('invalid_token');
  });

  it('tells an expired token from an unknown one', async () => {
    const { token } = await send('kari@example.no');
    t.clock.advance(15 * MINUTE);
    expect((await failure(signInWithToken(ctx, { token }))).code).toBe('expired_token');
    expect((await failure(signInWithToken(ctx, { token: randomToken() }))).code).toBe('invalid_token');
  });

  it('bootstraps admins from the configured list, also for an existing account', async () => {
    await t.db.insert(users).values({ id: 'u-admin', email: 'admin@soloprenor.no' });
    const result = await signInWithToken(ctx, { token: (await send('admin@soloprenor.no')).token });
    expect(result.user.id).toBe('u-admin');
    expect(result.user.isAdmin).toBe(true);
  });

  it('does not take admin rights away from someone not in the list', async () => {
    await t.db.insert(users).values({ id: 'u-ola', email: 'ola@example.no', isAdmin: true });
    const result = await signInWithToken(ctx, { token: (await send('ola@example.no')).token });
    expect(result.user.isAdmin).toBe(true);
  });

  it('refuses a disabled account without starting a session', async () => {
    await t.db.insert(users).values({ id: 'u1', email: 'kari@example.no', isActive: false });
    const err = await failure(signInWithToken(ctx, { token: (await send('kari@example.no')).token }));
    expect(err.code).toBe('account_disabled');
    expect(err.status).toBe(403);
    expect(await t.db.select().from(sessions)).toEqual([]);
  });
});

describe('signInWithCode', () => {
  it('signs in with the code and counts only wrong guesses on the newest link', async () => {
    const { code } = await send('kari@example.no');
    const wrong = code === '999999' ? '000000' : '999999';
    expect((await failure(signInWithCode(ctx, { email: 'kari@example.no', code: wrong }))).code).toBe('invalid_code');
    const [row] = await t.db.select().from(magicLinkTokens);
    expect(row!.codeAttempts).toBe(1);
    const result = await signInWithCode(ctx, { email: 'kari@example.no', code });
    expect(result.user.email).toBe('kari@example.no');
    const [used] = await t.db.select().from(magicLinkTokens);
    expect(used!.usedAt?.getTime()).toBe(t.clock.now());
  });

  it('lets the right code in only once under concurrency', async () => {
    const { code } = await send('kari@example.no');
    const results = await Promise.allSettled([
      signInWithCode(ctx, { email: 'kari@example.no', code }),
      signInWithCode(ctx, { email: 'kari@example.no', code }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });
});

describe('userForSession and endSession', () => {
  it('finds the user, slides the expiry at most once an hour, and forgets an ended session', async () => {
    const { sessionToken, user } = await signInWithToken(ctx, { token: (await send('kari@example.no')).token });
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

    await endSession(t.deps, { tokenHash: later!.tokenHash });
    expect(await userForSession(ctx, { token: sessionToken })).toBeNull();
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('returns null for an unknown, expired or disabled session', async () => {
    expect(await userForSession(ctx, { token: randomToken() })).toBeNull();
    const a = await signInWithToken(ctx, { token: (await send('kari@example.no')).token });
    const b = await signInWithToken(ctx, { token: (await send('ola@example.no')).token });
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
