import type { PaymentProvider } from './types';

/**
 * The embedded default: every payment completes at once and nothing is charged. The premium
 * screen says "Testmodus" while this provider is in use.
 */
export function testPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async start({ paymentId }) {
      return { status: 'paid', ref: `test_${paymentId}` };
    },
  };
}
