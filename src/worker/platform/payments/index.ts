import type { Config } from '#worker/config';
import { stripePaymentProvider } from './stripe';
import { testPaymentProvider } from './test';
import { PaymentStartError, type PaymentProvider } from './types';

/** The provider PAYMENT_PROVIDER names (config.ts requires Stripe's keys when it is 'stripe'). */
export function paymentProviderFor(config: Config): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'stripe':
      return stripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY!, webhookSecret: config.STRIPE_WEBHOOK_SECRET! });
    case 'test':
      return testPaymentProvider({ failRenewals: config.TEST_PAYMENTS_FAIL_RENEWALS });
    case 'none':
      return noPaymentProvider();
  }
}

/** No checkout configured (a Worker before Stripe is set up): an upgrade answers that payment is unavailable. */
function noPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async startSubscription() {
      throw new PaymentStartError('PAYMENT_PROVIDER=none');
    },
    async cancel() {},
    async resume() {},
    async refund() {
      throw new PaymentStartError('PAYMENT_PROVIDER=none');
    },
  };
}
