// zod/mini, like the lead form's: the pricing page's checkout checks exactly the server's rules for a few KB.
import * as z from 'zod/mini';
import { PAYMENT_PROVIDERS } from '#db/schema/enums';
import { PLANS } from '#shared/constants';
import { validation } from '#shared/copy/validation';
import { emailSchema, singleLine } from '#shared/schemas/common';
import { buyer as t } from '#shared/copy/buyer';
import { compactOrgNumber, isValidOrgNumber } from '#shared/org-number';
import { TRIAL_MAX_DAYS } from '#shared/trial';

/**
 * POST /api/checkout: Premium bought from the pricing page, before any account. No price: the
 * server charges its own for the plan (and the named campaign while it is active).
 */
export const checkoutRequestSchema = z.object({
  email: emailSchema,
  plan: z.enum(PLANS, { error: validation.planUnknown }),
  /** The buyer asks for Premium at once and acknowledges losing the right of withdrawal (angrerettloven § 22 n); must be true. */
  withdrawalConsent: z.boolean({ error: validation.withdrawalConsentRequired }),
  /** Vipps or card, where the checkout offers both; without it, the default. */
  provider: z.optional(z.enum(PAYMENT_PROVIDERS, { error: validation.providerUnknown })),
  /** The campaign whose price the page showed for the first period; without it, the list price. */
  campaignId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100), singleLine())),
  /** A coupon code ("Rabattkode"), any case: its price is charged for its periods instead of any other offer. */
  code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40), singleLine())),
  /**
   * The free trial's days the page showed (docs/decisions/0060-free-trial.md): nothing is charged
   * until it ends, then `price` (the list price). Without it, no trial.
   */
  trialDays: z.optional(z.int().check(z.minimum(1), z.maximum(TRIAL_MAX_DAYS))),
  /** The member whose «Verv en venn» link the buyer came through (their id): the referral discount, unless a code is given. */
  referrer: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100), singleLine())),
  /** The first period's price the page showed, whole NOK: the server charges it or answers 409 and charges nothing. */
  price: z.optional(z.int().check(z.positive())),
  /** A business buyer, named on the receipt (the signed-in upgrade's `buyerSchema`, in zod/mini). */
  buyer: z.optional(
    z.object({
      company: z
        .string({ error: t.companyRequired })
        .check(
          z.trim(),
          z.minLength(1, { error: t.companyRequired }),
          z.maxLength(200, { error: t.companyTooLong }),
          singleLine(),
        ),
      orgNumber: z
        .pipe(z.string({ error: t.orgNumberInvalid }), z.transform(compactOrgNumber))
        .check(z.refine(isValidOrgNumber, { error: t.orgNumberInvalid })),
    }),
  ),
});

export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** POST /api/checkout/coupon: the checkout's "Bruk" step for a code. */
export const couponPreviewSchema = z.object({
  code: z
    .string({ error: validation.couponCodeRequired })
    .check(z.trim(), z.minLength(1, { error: validation.couponCodeRequired }), z.maxLength(40), singleLine()),
  plan: z.enum(PLANS, { error: validation.planUnknown }),
});

/**
 * What a code makes of a plan's price, whole NOK incl. MVA, said honestly: the list price, the
 * saving, what is paid now, for how many periods, and what each renewal costs after them.
 */
export type CouponPreview = {
  code: string;
  plan: (typeof PLANS)[number];
  listPrice: number;
  price: number;
  saving: number;
  periods: number;
  renewalPrice: number;
  newMembersOnly: boolean;
};

/**
 * Paid at once (the test provider) or on to the provider's page. `signedIn`: a new address's
 * buyer has a provisional session (the cookie is set); otherwise the address's owner signs in with
 * the link that was mailed.
 */
export type CheckoutResponse = { signedIn: boolean } & ({ status: 'paid' } | { status: 'redirect'; url: string });
