import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '#support/app';
import { ConfigError, parseConfig } from '#worker/config';
import { paymentProvidersFor } from './index';
import { PAYMENT_PROVIDER_MODULES } from './registry';
import { testPaymentProvider } from './test';
import { paymentProviderModule, type PaymentProviderName } from './types';

/**
 * A fourth provider, added the way a real one is: this object (its own file in the product) and
 * one line in the registry. Its name is cast only because a real one's is first written into
 * PAYMENT_PROVIDERS (db/schema/enums.ts), the stored vocabulary the browser shares. Like Vipps it
 * cannot undo a cancellation, and it needs one key of its own.
 */
const FAKE = 'fake' as PaymentProviderName;
const fakePayments = paymentProviderModule({
  name: FAKE,
  settings: z.object({ FAKE_PAY_KEY: z.string().min(8) }),
  create: () => ({ ...testPaymentProvider(), name: FAKE, resume: undefined }),
});
const registry = { ...PAYMENT_PROVIDER_MODULES, fake: fakePayments };

describe('the payment provider registry', () => {
  it('names each provider by its own name, once, and nothing else lists them', () => {
    for (const [name, module] of Object.entries(PAYMENT_PROVIDER_MODULES)) expect(module.name).toBe(name);
  });

  it('takes a fourth provider from its module alone: its settings are checked, the checkout offers it, it says it cannot resume', async () => {
    const refused = (() => {
      try {
        return parseConfig({ PAYMENT_PROVIDERS: 'fake,test' }, registry);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(ConfigError);
    expect(String(refused)).toContain('FAKE_PAY_KEY: kreves når PAYMENT_PROVIDER=fake');
    // Without the registry line, the name is unknown.
    expect(() => parseConfig({ PAYMENT_PROVIDERS: 'fake', FAKE_PAY_KEY: 'nøkkel-123' })).toThrow(
      /ukjent betalingsleverandør «fake»/,
    );

    const config = parseConfig({ PAYMENT_PROVIDERS: 'fake,test', FAKE_PAY_KEY: 'nøkkel-123' }, registry);
    const payments = paymentProvidersFor(config);
    expect(payments.all.map((p) => p.name)).toEqual(['fake', 'test']);
    expect(payments.default?.name).toBe('fake');
    // Whether a cancellation can be undone is asked of the provider (the account screen's button).
    expect(payments.byName('fake')?.resume).toBeUndefined();
    expect(payments.byName('test')?.resume).toBeDefined();

    const t = await createTestApp({ payments: [...payments.all] });
    try {
      const options = await (await t.api.checkout.$get()).json();
      expect(options.providers).toEqual(['fake', 'test']);
    } finally {
      t.close();
    }
  });
});
