import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, payments, receipts, sessions, siteSettings, users } from '#db/schema';
import type { CheckoutRequest } from '#shared/schemas/premium/checkout';
import { HOUR } from '#shared/time';
import { appPerTest } from '#support/app';
import { countOnlyTheRoute } from '#support/budget';
import { budgetedClient } from '#support/budgeted-client';
import { expectApiError } from '#support/errors';
import { signInParts } from '#support/outbox';
import { expectJson } from '#support/typed-body';

const t = appPerTest({ seed: true });
// Mail is delivered after the answer, in production over SMTP or HTTP: not the route's round trips.
beforeEach(() => countOnlyTheRoute(t));

/** A checkout from the pricing page, within two round trips, by a visitor (no session). */
const checkout = (json: Partial<CheckoutRequest>) =>
  budgetedClient(t).checkout.$post({
    json: { email: 'ny@example.no', plan: 'yearly', withdrawalConsent: true, ...json } as CheckoutRequest,
  });
const checkoutRaw = (json: Record<string, unknown>) => t.request('/api/checkout', { json });
const account = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0];
/** The session token a response's cookie carries. */
const cookieToken = (res: Response) => /sp_session=([\w-]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? null;
const me = (token: string) => t.as(token).auth.me.$get();
/** The newest sign-in mail to `to` (the receipt goes to the same address). */
async function signInMail(to: string) {
  const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));
  const parts = mails.map((m) => signInParts(m.text)).find((p) => p.token !== null);
  if (!parts) throw new Error(`no sign-in mail to ${to}`);
  return parts as { token: string; code: string };
}

describe('POST /api/checkout (test provider)', () => {
  it('gives a new address its account, Premium and receipt, and a provisional session in the cookie', async () => {
    const res = await checkout({ email: 'Ny@Example.no ' });
    expect(await expectJson(res.clone(), 200)).toEqual({ status: 'paid', signedIn: true });
    const user = (await account('ny@example.no'))!;
    expect(user).toMatchObject({ isPremium: true, premiumPlan: 'yearly', lastLogin: null });
    const [payment] = await t.db.select().from(payments);
    expect(payment).toMatchObject({
      userId: user.id,
      amount: 199500,
      status: 'paid',
      withdrawalConsentAt: new Date(t.clock.now()),
    });
    expect(await t.db.select({ n: receipts.number }).from(receipts)).toEqual([{ n: 1 }]);

    const token = cookieToken(res)!;
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly.*SameSite=Lax|SameSite=Lax.*HttpOnly/);
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=86400/);
    expect((await expectJson(me(token))).user).toMatchObject({ email: 'ny@example.no', isPremium: true });
    // The link to prove the address is mailed with the receipt.
    const subjects = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ny@example.no'))).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect((await signInMail('ny@example.no')).token).toBeTruthy();
  });

  it('charges the monthly plan at its list price; the client sends no price', async () => {
    expect(await expectJson(checkout({ plan: 'monthly' }))).toEqual({ status: 'paid', signedIn: true });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ plan: 'monthly', amount: 39900 });
  });

  it('upgrades an existing account without signing anyone in, and mails its owner a sign-in link', async () => {
    const { user } = await t.signIn('kari@example.no');
    const res = await checkout({ email: 'kari@example.no', plan: 'monthly' });
    expect(await expectJson(res.clone())).toEqual({ status: 'paid', signedIn: false });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await account('kari@example.no')).toMatchObject({ id: user.id, isPremium: true, premiumPlan: 'monthly' });
    const sessionsOfKari = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsOfKari.map((s) => s.provisional)).toEqual([false]);
    const signedIn = await t.api.auth.verify.$get({ query: { token: (await signInMail('kari@example.no')).token } });
    expect((await expectJson(signedIn)).user).toMatchObject({ email: 'kari@example.no', isPremium: true });
  });

  it('never charges or grants twice: a second checkout for the address is refused', async () => {
    await checkout({});
    await expectApiError(await checkout({}), 409, 'already_premium');
    await expectApiError(await checkout({ plan: 'monthly' }), 409, 'already_premium');
    expect(await t.db.select({ id: payments.id }).from(payments)).toHaveLength(1);
    expect(await t.db.select({ n: receipts.number }).from(receipts)).toEqual([{ n: 1 }]);
  });

  it('ends the provisional session when the owner first signs in by link', async () => {
    const token = cookieToken(await checkout({}))!;
    const owner = await t.signIn('ny@example.no');
    await expectApiError(await me(token), 401, 'unauthenticated');
    expect((await expectJson(me(owner.sessionToken))).user).toMatchObject({ isPremium: true });
    // Once the address is proven, a checkout hands out no session for it any more.
    expect(await t.db.select().from(sessions).where(eq(sessions.provisional, true))).toEqual([]);
  });

  it('ends the provisional session when the owner first signs in by code', async () => {
    const token = cookieToken(await checkout({}))!;
    await t.api.auth['magic-link'].$post({ json: { email: 'ny@example.no' } });
    const { code } = await signInMail('ny@example.no');
    expect((await t.api.auth['verify-code'].$post({ json: { email: 'ny@example.no', code } })).status).toBe(200);
    await expectApiError(await me(token), 401, 'unauthenticated');
  });

  it('lasts at most 24 hours, however often it is used', async () => {
    const token = cookieToken(await checkout({}))!;
    for (let hours = 2; hours <= 22; hours += 2) {
      t.clock.advance(2 * HOUR);
      expect((await me(token)).status, `after ${hours} h`).toBe(200);
    }
    t.clock.advance(2 * HOUR);
    await expectApiError(await me(token), 401, 'unauthenticated');
  });

  it('answers 400 to a bad address, plan, provider or a missing consent, and records nothing', async () => {
    for (const [body, message] of [
      [{ email: 'ikke-en-adresse' }, 'Ugyldig epostadresse'],
      [{ plan: 'lifetime' }, 'Ukjent plan. Velg månedlig eller årlig.'],
      [{ provider: 'paypal' }, 'Ukjent betalingsmåte. Velg Vipps eller kort.'],
      [{ withdrawalConsent: undefined }, 'Kryss av for at du vil ha tilgang med en gang før du betaler.'],
    ] as const) {
      await expectApiError(
        await checkoutRaw({ email: 'ny@example.no', plan: 'yearly', withdrawalConsent: true, ...body }),
        400,
        'validation_error',
        message,
      );
    }
    await expectApiError(await checkout({ withdrawalConsent: false }), 400, 'consent_required');
    await expectApiError(await checkout({ provider: 'vipps' }), 400, 'provider_unavailable');
    expect(await t.db.select().from(payments)).toEqual([]);
    expect(await account('ny@example.no')).toBeUndefined();
  });

  it('answers 403 for a disabled account, and 404 to an address under it', async () => {
    const { user } = await t.signIn('stengt@example.no');
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await expectApiError(await checkout({ email: 'stengt@example.no' }), 403, 'account_disabled');
    expect((await t.request('/api/checkout/noe', { json: {} })).status).toBe(404);
  });

  it('tells the page which ways to pay it offers', async () => {
    expect(await expectJson(budgetedClient(t).checkout.$get())).toEqual({
      providers: ['test'],
      testMode: true,
      newMemberOffer: null,
      trial: null,
      referralOffer: null,
    });
  });
});

describe('POST /api/checkout charges the price the page showed, or nothing', () => {
  const WELCOME = { welcomeOfferPlan: 'yearly', welcomeOfferPrice: 1495, welcomeOfferDays: 14 } as const;
  beforeEach(async () => {
    await t.db
      .insert(siteSettings)
      .values({ id: 1, ...WELCOME })
      .onConflictDoUpdate({ target: siteSettings.id, set: WELCOME });
  });

  it('tells the page the welcome offer a new member gets, and charges it to a new address', async () => {
    expect((await expectJson(budgetedClient(t).checkout.$get())).newMemberOffer).toEqual({ plan: 'yearly', amount: 1495 });
    expect(await expectJson(checkout({ price: 1495 }))).toEqual({ status: 'paid', signedIn: true });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ amount: 149500, status: 'paid' });
  });

  it('refuses, charging nothing, when the address pays another price than shown (an account older than the offer)', async () => {
    const { user } = await t.signIn('gammel@example.no');
    await t.db
      .update(users)
      .set({ createdAt: new Date(t.clock.now() - 30 * 24 * HOUR) })
      .where(eq(users.id, user.id));
    await expectApiError(
      await checkout({ email: 'gammel@example.no', price: 1495 }),
      409,
      'price_mismatch',
      'Prisen for deg er 1\u00a0995 kr inkl. mva. Ingenting er trukket. Se over beløpet og trykk Betal på nytt.',
    );
    expect(await t.db.select().from(payments)).toEqual([]);
    expect(await expectJson(checkout({ email: 'gammel@example.no', price: 1995 }))).toEqual({ status: 'paid', signedIn: false });
    expect((await t.db.select().from(payments))[0]).toMatchObject({ amount: 199500 });
  });

  it('answers 400 to a price that is not a whole positive number of kroner', async () => {
    for (const price of [0, -5, 14.5, '1495'])
      await expectApiError(
        await checkoutRaw({ email: 'ny@example.no', plan: 'yearly', withdrawalConsent: true, price }),
        400,
        'validation_error',
      );
    expect(await t.db.select().from(payments)).toEqual([]);
  });
});
