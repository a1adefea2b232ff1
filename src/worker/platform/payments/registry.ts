import type { PaymentProviderName } from '#db/schema/enums';
import { stripePayments } from './stripe';
import { testPayments } from './test';
import type { PaymentProviderModule } from './types';
import { vippsPayments } from './vipps';

/**
 * Every payment provider, by its stored name: config.ts reads each offered one's settings from
 * here, index.ts makes it, and nothing else lists them. A name in PAYMENT_PROVIDERS without its
 * line here (or the reverse) does not compile.
 */
export const PAYMENT_PROVIDER_MODULES: { readonly [N in PaymentProviderName]: PaymentProviderModule } = {
  test: testPayments,
  stripe: stripePayments,
  vipps: vippsPayments,
};

/** The registry as config.ts and index.ts take it: this one, or a test's with a provider added. */
export type PaymentProviderRegistry = Readonly<Record<string, PaymentProviderModule>>;
