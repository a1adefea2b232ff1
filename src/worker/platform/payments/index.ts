import type { Config } from '#worker/config';
import { paymentProviders, type PaymentProviders } from './types';

/** The providers config.ts found offered (PAYMENT_PROVIDERS, or PAYMENT_PROVIDER), each made from its own checked settings. */
export function paymentProvidersFor(config: Config): PaymentProviders {
  const app = { appEnv: config.APP_ENV, publicUrl: config.PUBLIC_URL };
  return paymentProviders(config.PAYMENT_PROVIDERS.map(({ module, settings }) => module.create(settings, app)));
}
