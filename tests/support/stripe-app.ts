import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { appPerTest, type TestApp } from '#support/app';
import { signedStripeEvent, startFakeStripe, stripeAppOptions, type StripeTestEvent } from '#support/fake-stripe';

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/**
 * For a test file of Stripe routes: `const { t, stripe } = stripeTestApp()` at the top. One fake
 * Stripe serves the whole file (its request log and failure cleared before each test); `t` is a
 * fresh seeded app per test, configured for Stripe and paying through that fake.
 */
export function stripeTestApp(): {
  t: TestApp;
  stripe: FakeStripe;
  /** Posts `event` to the webhook, signed as Stripe signs it now; asserts the answer took at most two round trips. */
  deliver: (event: StripeTestEvent) => Promise<Response>;
} {
  let current: FakeStripe | null = null;
  const fake = () => {
    if (!current) throw new Error('stripeTestApp: the fake Stripe runs only while the file does');
    return current;
  };
  beforeAll(async () => {
    current = await startFakeStripe();
  });
  afterAll(() => current?.close());
  // Registered before appPerTest's hook, so each test's app is made after the log was cleared.
  beforeEach(() => {
    fake().requests.length = 0;
    fake().subscriptions.clear();
    fake().failWith(null);
    fake().resetCharges();
  });
  const t = appPerTest(() => stripeAppOptions(fake()));
  // The fake starts in beforeAll, after this returns: `stripe` reads whichever is running.
  const stripe = new Proxy({} as FakeStripe, { get: (_, key) => Reflect.get(fake(), key) });
  async function deliver(event: StripeTestEvent) {
    const { body, signature } = await signedStripeEvent(event, { at: t.clock.now() });
    t.roundTrips.reset();
    const res = await t.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body,
    });
    expect(t.roundTrips.count).toBeLessThanOrEqual(2);
    return res;
  }
  return { t, stripe, deliver };
}
