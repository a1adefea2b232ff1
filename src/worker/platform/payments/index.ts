import type { Config } from '#worker/config';
import { PATHS } from '#shared/paths';
import { stripeApi, stripePaymentProvider } from './stripe';
import { testPaymentProvider } from './test';
import {
  paymentProviders,
  PaymentStartError,
  type PaymentProvider,
  type PaymentProviderName,
  type PaymentProviders,
} from './types';
import { vippsPaymentProvider } from './vipps';

/** The providers PAYMENT_PROVIDERS (or PAYMENT_PROVIDER) names; config.ts requires each one's keys. */
export function paymentProvidersFor(config: Config): PaymentProviders {
  return paymentProviders(
    config.PAYMENT_PROVIDERS.map((name) => paymentProviderNamed(config, name)),
    noPaymentProvider(),
  );
}

function paymentProviderNamed(config: Config, name: PaymentProviderName): PaymentProvider {
  switch (name) {
    case 'stripe':
      return stripePaymentProvider({
        secretKey: config.STRIPE_SECRET_KEY!,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
        api: config.STRIPE_API_URL ? stripeApi(config.STRIPE_API_URL) : undefined,
      });
    case 'vipps':
      return vippsPaymentProvider({
        baseUrl: config.VIPPS_BASE_URL,
        clientId: config.VIPPS_CLIENT_ID!,
        clientSecret: config.VIPPS_CLIENT_SECRET!,
        subscriptionKey: config.VIPPS_SUBSCRIPTION_KEY!,
        msn: config.VIPPS_MSN!,
        webhookSecret: config.VIPPS_WEBHOOK_SECRET!,
        profileUrl: config.PUBLIC_URL + PATHS.profile,
      });
    case 'test':
      return testPaymentProvider({ failRenewals: config.TEST_PAYMENTS_FAIL_RENEWALS });
  }
}

/** No checkout configured (a Worker before payments are set up): an upgrade answers that payment is unavailable. */
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
    async end() {},
  };
}
