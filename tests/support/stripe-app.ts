import { afterAll, beforeAll, beforeEach } from 'vitest';
import { appPerTest, type TestApp } from '#support/app';
import { startFakeStripe, stripeAppOptions } from '#support/fake-stripe';

type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/**
 * For a test file of Stripe routes: `const { t, stripe } = stripeTestApp()` at the top. One fake
 * Stripe serves the whole file (its request log and failure cleared before each test); `t` is a
 * fresh seeded app per test, configured for Stripe and paying through that fake.
 */
export function stripeTestApp(): { t: TestApp; stripe: FakeStripe } {
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
  return { t, stripe };
}
