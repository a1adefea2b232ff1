import { afterAll, beforeAll, beforeEach } from 'vitest';
import { appPerTest } from './app';
import { startFakeVipps, vippsEnv, type FakeVipps } from './fake-vipps';

/**
 * A fake Vipps for the enclosing suite (started once, emptied before each test) and a fresh app per
 * test that offers Vipps beside the test provider (`{ alsoTest: false }`: Vipps alone). `fake.vipps`
 * is the running fake.
 */
export function vippsAppPerTest({ alsoTest = true }: { alsoTest?: boolean } = {}) {
  const fake = {} as { vipps: FakeVipps };
  beforeAll(async () => {
    fake.vipps = await startFakeVipps();
  });
  afterAll(() => fake.vipps.close());
  beforeEach(() => fake.vipps.reset());
  const t = appPerTest(() => ({
    seed: true,
    env: { ...vippsEnv(fake.vipps), ...(alsoTest ? { PAYMENT_PROVIDERS: 'vipps,test' } : {}) },
  }));
  return { fake, t };
}
