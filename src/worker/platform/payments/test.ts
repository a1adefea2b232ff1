import { z } from 'zod';
import { paymentProviderModule, type PaymentProvider } from './types';

/**
 * The embedded default: every payment completes at once and nothing is charged (the premium
 * screen says "Testmodus"). Renewals go through the same job as a real provider's; with
 * `failRenewals` (TEST_PAYMENTS_FAIL_RENEWALS=true) every renewal is declined, so dunning can be
 * seen and tested.
 */
export function testPaymentProvider(opts: { failRenewals?: boolean } = {}): PaymentProvider {
  return {
    name: 'test',
    async startSubscription({ paymentId }) {
      return { status: 'paid', ref: `test_${paymentId}` };
    },
    async chargeRenewal({ paymentId }) {
      if (opts.failRenewals) return { status: 'failed', reason: 'TEST_PAYMENTS_FAIL_RENEWALS' };
      return { status: 'paid', ref: `test_${paymentId}` };
    },
    async cancel() {},
    async resume() {},
    async refund({ key }) {
      return { ref: `test_${key}` };
    },
    async end() {},
  };
}

/** The test provider as the registry knows it (the default outside production; config.ts refuses it there). */
export const testPayments = paymentProviderModule({
  name: 'test',
  chargesNothing: true,
  settings: z.object({
    /** Every renewal is declined, so dunning (past due, grace, expiry) can be seen. */
    TEST_PAYMENTS_FAIL_RENEWALS: z.stringbool().default(false),
  }),
  create: (s) => testPaymentProvider({ failRenewals: s.TEST_PAYMENTS_FAIL_RENEWALS }),
});
