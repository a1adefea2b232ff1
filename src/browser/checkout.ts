import type { Plan } from '#shared/constants';
import type { CheckoutRequest, CheckoutResponse } from '#shared/schemas/premium/checkout';
import { api, call } from './api';

/** What the pricing page's checkout offers: the ways to pay, the default first, and whether it is the test provider. */
export const checkoutOptions = () => call(api.checkout.$get());

/** Buys `plan` for the address, before any account (POST /api/checkout). */
export const buyPremium = (json: CheckoutRequest & { plan: Plan }): Promise<CheckoutResponse> =>
  call(api.checkout.$post({ json }));

/** What a discount code makes of `plan`'s price, checked by the server (POST /api/checkout/coupon). */
export const previewCoupon = (json: { code: string; plan: Plan }) => call(api.checkout.coupon.$post({ json }));
