import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cancellationReasons, subscriptions } from '#db/schema';
import { appPerTest } from '#support/app';
import { expectApiError } from '#support/errors';
import { reasonToken } from './token';

const t = appPerTest({ seed: true });

/** A cancelled subscription of a signed-in user; its id. */
async function cancelled() {
  const { sessionToken } = await t.signIn('kari@example.no');
  await t.as(sessionToken).premium.upgrade.$post({ json: { plan: 'yearly', price: 1995, withdrawalConsent: true } });
  await t.as(sessionToken).account.subscription.cancel.$post();
  const [sub] = await t.db.select().from(subscriptions);
  return sub!.id;
}
const post = (json: { token: string; reason: string }) => t.request('/api/cancellation-reason', { json });

describe('POST /api/cancellation-reason', () => {
  it('records the reason from the mail without a session; a second click replaces it', async () => {
    const id = await cancelled();
    const token = await reasonToken(t.deps.config, id);
    t.roundTrips.reset();
    const res = await t.api['cancellation-reason'].$post({ json: { token, reason: 'price' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: true, reason: 'price' });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    await t.api['cancellation-reason'].$post({ json: { token, reason: 'done' } });
    const rows = await t.db.select().from(cancellationReasons).where(eq(cancellationReasons.subscriptionId, id));
    expect(rows.map((r) => r.reason)).toEqual(['done']);
  });

  it('refuses a malformed link or an unknown reason (400)', async () => {
    const token = await reasonToken(t.deps.config, await cancelled());
    await expectApiError(await post({ token: 'ikke-en-lenke', reason: 'price' }), 400, 'validation_error', /Lenken er ugyldig/);
    await expectApiError(await post({ token, reason: 'vær' }), 400, 'validation_error', /Velg en av grunnene/);
    expect(await t.db.select().from(cancellationReasons)).toEqual([]);
  });

  it('refuses a forged or altered link (403): the signature is what lets one answer without signing in', async () => {
    const id = await cancelled();
    const [encoded] = (await reasonToken(t.deps.config, id)).split('.');
    const forged = `${encoded}.${'A'.repeat(43)}`;
    await expectApiError(await post({ token: forged, reason: 'price' }), 403, 'forbidden', 'Lenken er endret eller ugyldig.');
    expect(await t.db.select().from(cancellationReasons)).toEqual([]);
  });

  it('answers 404 for a subscription that is gone (401 does not apply: the link is the credential)', async () => {
    const token = await reasonToken(t.deps.config, 'finnes-ikke');
    await expectApiError(await post({ token, reason: 'price' }), 404, 'not_found', 'Fant ikke abonnementet lenken gjelder.');
  });
});
