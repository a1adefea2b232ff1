import { describe, expect, it } from 'vitest';
import { consentEvents } from '#db/schema';
import { CONSENT_TEXT_VERSION, TERMS_TEXT_VERSION } from '#shared/constants';
import { appPerTest } from '#support/app';
import { confirmConsent, marketingConsent, signupConsents, withdrawConsent } from './index';

const t = appPerTest();

const email = 'kari@example.no';
const client = { ip: '192.0.2.10', userAgent: 'Mozilla/5.0' };
const status = () => marketingConsent(t.deps, { email });

async function request() {
  const { requestId, statements } = await signupConsents(t.deps, { email, source: 'landing_page', client, marketing: true });
  await t.db.batch(statements);
  return requestId!;
}

describe('consent history', () => {
  it('goes none → pending → granted → withdrawn, by appending only', async () => {
    expect(await status()).toBe('none');
    const id = await request();
    expect(await status()).toBe('pending');
    await t.db.batch(confirmConsent(t.db, { requestId: id, clientHash: 'h', now: t.clock.now() }));
    expect(await status()).toBe('granted');
    // A further request does not undo a grant; a second confirmation of the same request adds nothing.
    await request();
    await t.db.batch(confirmConsent(t.db, { requestId: id, clientHash: 'h', now: t.clock.now() }));
    expect(await status()).toBe('granted');
    await withdrawConsent(t.deps, { email, userId: null, source: 'account', client });
    expect(await status()).toBe('withdrawn');

    const events = (await t.db.select().from(consentEvents)).filter((e) => e.action !== 'terms_accepted');
    expect(events.map((e) => e.action)).toEqual(['requested', 'granted', 'requested', 'withdrawn']);
    expect(events.every((e) => e.textVersion === CONSENT_TEXT_VERSION)).toBe(true);
    expect(events.at(-1)).toMatchObject({ source: 'account', createdAt: new Date(t.clock.now()) });
  });

  it('records a sign-up without marketing as accepted terms only: no request, no consent', async () => {
    const { requestId, statements } = await signupConsents(t.deps, { email, source: 'landing_page', client, marketing: false });
    await t.db.batch(statements);
    expect(requestId).toBeUndefined();
    expect(await status()).toBe('none');
    const events = await t.db.select().from(consentEvents);
    expect(events).toMatchObject([{ action: 'terms_accepted', textVersion: TERMS_TEXT_VERSION, source: 'landing_page' }]);
  });

  it('confirms nothing without a request', async () => {
    const [result] = await t.db.batch(confirmConsent(t.db, { requestId: null, clientHash: 'h', now: t.clock.now() }));
    expect(result.rowsAffected).toBe(0);
    expect(await status()).toBe('none');
  });
});
