import { z } from '#shared/zod';
import { singleLine } from '#shared/schemas/common';
import { buyerSchema } from '#shared/schemas/buyer';
import { PLANS, type Plan } from '#shared/constants';
import type { PlanPrices } from '#shared/pricing';
import { validation } from '#shared/copy/validation';
import { TRIAL_MAX_DAYS, type TrialOffer } from '#shared/trial';
import type { TimeLeft } from '#shared/time';
import {
  PAYMENT_PROVIDERS,
  CAMPAIGN_EVENT_KINDS,
  DISPLAY_TYPES,
  UPSELL_REASONS,
  type COLOR_SCHEMES,
  type CURRENCIES,
  type PERIODS,
  type URGENCY_TYPES,
} from '#db/schema/enums';

/**
 * POST /api/premium/upgrade. The client names the plan and the price it showed (a number, or
 * text such as '1995' as the product's client sends it); the server charges its own price and
 * refuses a mismatch with 409.
 */
export const upgradeRequestSchema = z.object({
  plan: z.enum(PLANS, { error: validation.planUnknown }),
  /** The campaign whose price the screen showed for the first period; without it, the list price. */
  campaignId: z.string().trim().min(1).max(100).check(singleLine()).optional(),
  /** A coupon code ("Rabattkode"), any case: its price is charged for its periods instead of any other offer. */
  code: z.string().trim().min(1).max(40).check(singleLine()).optional(),
  /** The free trial's days the screen showed (docs/decisions/0060-free-trial.md); without it, no trial. */
  trialDays: z.int().min(1).max(TRIAL_MAX_DAYS).optional(),
  price: z.unknown().transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    const amount = text !== null && /^\d{1,7}$/.test(text) ? Number(text) : value;
    if (typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0) return amount;
    ctx.addIssue({ code: 'custom', message: validation.priceInvalid });
    return z.NEVER;
  }),
  /** The buyer asks for Premium at once and acknowledges losing the right of withdrawal (angrerettloven § 22 n); required. */
  withdrawalConsent: z.boolean().optional(),
  /** Vipps or card, where the checkout offers both; without it, the default. */
  provider: z.enum(PAYMENT_PROVIDERS, { error: validation.providerUnknown }).optional(),
  /** A business buyer, named on the receipt; without it, a private person. */
  buyer: buyerSchema.optional(),
  /** The member whose «Verv en venn» link brought the buyer (their id): the referral discount, unless a code is given. */
  referrer: z.string().trim().min(1).max(100).check(singleLine()).optional(),
});

export type UpgradeRequest = z.input<typeof upgradeRequestSchema>;

/** GET /api/premium/payments/{id}: how a checkout stands, once the buyer is back from the provider. */
/** `trial`: the checkout started a free trial (nothing was charged). */
export type CheckoutStatusResponse = { status: 'paid' | 'pending' | 'failed' | 'expired' | 'refunded' | 'trial' };

/** Paid at once (the test provider), or sent to the provider's payment page (Stripe Checkout). */
export type UpgradeResponse = { status: 'paid' } | { status: 'redirect'; url: string; paymentId: string };

/** A lower first-period price of one plan for a new member, in whole NOK incl. MVA, until `endsAt`. */
export type WelcomeOffer = { plan: Plan; amount: number; endsAt: string };

/** GET /api/premium/offer: the signed-in user's real offer and the real counts behind the screen's counters. */
export type OfferResponse = {
  isPremium: boolean;
  /**
   * When a real, lower price ends (the active campaign's end, or the user's welcome offer, the
   * sooner): the only countdown the screen shows. Null without one, for Premium users, and once it has passed.
   */
  offer: { endsAt: string; timeLeft: TimeLeft } | null;
  /** The welcome offer this user has now (a lower first period for a new member), or null. */
  welcomeOffer: WelcomeOffer | null;
  /** The free trial this user may start now (never had Premium, and the admin set one), or null. */
  trial: TrialOffer | null;
  /** Distinct signed-in users who had /premium open within the last few minutes, this user included. */
  viewers: number;
  /** Active accounts; null below SOCIAL_PROOF_FLOOR, so the screen cannot show "1+". */
  userCount: number | null;
  /** For a limited_spots campaign: its spot limit minus real paid upgrades on it. */
  spotsLeft?: number;
  /** The test payment provider is in use: nothing is charged. */
  testMode: boolean;
  /** The ways to pay the checkout offers, the default first (Vipps and card: the buyer chooses). */
  providers: (typeof PAYMENT_PROVIDERS)[number][];
};

export type CampaignFeature = { icon: string; title: string; description: string; benefits?: string[] };
export type Testimonial = { name: string; role: string; text: string; revenue?: string; rating?: number };

/** A campaign as the premium screen reads it (everything but the internal name). */
export type PublicCampaign = {
  id: string;
  title: string;
  subtitle: string;
  description: string;
  features: CampaignFeature[];
  pricing: {
    original: number;
    discounted: number | null;
    currency: (typeof CURRENCIES)[number];
    period: (typeof PERIODS)[number];
  };
  /** The percentage the struck-through price saves (0: none to claim). */
  discount: number;
  /** The plan its period sells (null: none we can charge), and that plan's list price, charged from the second period on. */
  plan: Plan | null;
  renewalPrice: number | null;
  urgencyType: (typeof URGENCY_TYPES)[number] | null;
  urgencyValue: string;
  ctaText: string;
  testimonials: Testimonial[];
  displayType: (typeof DISPLAY_TYPES)[number];
  colorScheme: (typeof COLOR_SCHEMES)[number];
  animations: boolean;
  gamification: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/admin/campaigns/active: the one active campaign as a real offer (null when none is active or it sells no plan), and the plans' prices. */
export type ActiveCampaignResponse = {
  campaign: PublicCampaign | null;
  prices: PlanPrices;
  /** The plan with the most sales, once it has at least POPULAR_MIN_SALES and more than the other; null otherwise. */
  popularPlan: Plan | null;
};

/**
 * GET /api/premium/upsell: the active campaign for a signed-in free user's guide, or null (for
 * Premium users and admins, or when no campaign is active).
 */
export type Upsell = {
  campaign: PublicCampaign;
  /** A modal campaign opens now: the day's first visit on any device, or right after the first finished free module. */
  showModal: boolean;
  /** The user has finished a free module and has not yet been shown the offer for it. */
  firstModuleDone: boolean;
  /** A limited_spots campaign's real spots left (its limit minus real upgrades); null otherwise. */
  spotsLeft: number | null;
};
export type UpsellResponse = { upsell: Upsell | null };

/** POST /api/premium/upsell/events: the guide showed the campaign, or the user clicked its call to action. */
export const upsellEventSchema = z.object({
  campaignId: z.string().trim().min(1).max(100).check(singleLine()),
  kind: z.enum(CAMPAIGN_EVENT_KINDS),
  placement: z.enum(DISPLAY_TYPES),
  reason: z.enum(UPSELL_REASONS),
});
export type UpsellEvent = z.input<typeof upsellEventSchema>;
/** `recorded` is false when the same event was already recorded today. */
export type UpsellEventResponse = { recorded: boolean };
