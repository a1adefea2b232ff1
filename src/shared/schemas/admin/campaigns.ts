/** Contracts of the campaign admin's API (/api/admin/campaigns): a campaign as it is edited and shown. */
import { COLOR_SCHEMES, CURRENCIES, DISPLAY_TYPES, PERIODS, URGENCY_TYPES } from '#db/schema/enums';
import { PRICES_NOK } from '#shared/constants';
import { campaignValidation as v } from '#shared/copy/admin/campaigns';
import { campaignDefaults } from '#shared/copy/premium/campaign';
import { isCalendarDate } from '#shared/time';
import { z } from '#shared/zod';
import { multiLine, singleLine } from '#shared/schemas/common';
import type { PublicCampaign } from '#shared/schemas/premium';

/** One line of text; `long`: tabs and line breaks allowed (descriptions, quotes). */
const text = (max: number, long = false) =>
  z
    .string({ error: v.tooLong(max) })
    .trim()
    .max(max, v.tooLong(max))
    .check(long ? multiLine() : singleLine());
const required = (max: number, message: string, long = false) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, v.tooLong(max))
    .check(long ? multiLine() : singleLine());
const price = z.number({ error: v.priceInteger }).int(v.priceInteger).min(0, v.priceMin).max(1_000_000, v.priceMax);
const flag = z.boolean({ error: v.booleanRequired });

const featureSchema = z.object({
  icon: text(16).default('✨'),
  title: required(80, v.featureTitleRequired),
  description: text(300, true).default(''),
  benefits: z
    .array(text(200), { error: v.tooManyBenefits })
    .max(10, v.tooManyBenefits)
    .transform((list) => list.filter(Boolean))
    .optional(),
});

const testimonialSchema = z.object({
  name: required(80, v.testimonialNameRequired),
  role: text(80).default(''),
  text: required(600, v.testimonialTextRequired, true),
  revenue: text(40).optional(),
  rating: z.number().int().min(1).max(5).optional(),
});

/** The urgency choices of the editor: 'none' is stored as no urgency (null). */
export const URGENCY_CHOICES = ['none', ...URGENCY_TYPES] as const;

const isWholeNumber = (s: string, max: number) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= max;

/**
 * A whole campaign, for POST (create) and PUT (replace). Unknown fields (id, discount, timestamps
 * of a campaign read back) are ignored: the server sets them. Prices are whole numbers and the
 * discounted price (null = no discount) at most the original. The urgency value is checked
 * against its type: countdown → its end date, the same for everyone (a countdown shows only where
 * an offer really ends: docs/decisions/0040); limited_spots → a whole number of spots.
 */
export const campaignInputSchema = z
  .object({
    name: required(80, v.nameRequired),
    title: required(120, v.titleRequired),
    subtitle: text(200).default(''),
    description: text(1000, true).default(''),
    features: z.array(featureSchema, { error: v.tooManyFeatures }).max(12, v.tooManyFeatures).default([]),
    pricing: z.object({
      original: price,
      discounted: price.nullable().default(null),
      currency: z.enum(CURRENCIES, { error: v.currencyUnknown }),
      period: z.enum(PERIODS, { error: v.periodUnknown }),
    }),
    urgencyType: z
      .enum(URGENCY_CHOICES, { error: v.urgencyTypeUnknown })
      .nullable()
      .default(null)
      .transform((t) => (t === 'none' ? null : t)),
    urgencyValue: text(100).default(''),
    ctaText: required(60, v.ctaRequired),
    testimonials: z.array(testimonialSchema, { error: v.tooManyTestimonials }).max(10, v.tooManyTestimonials).default([]),
    displayType: z.enum(DISPLAY_TYPES, { error: v.displayTypeUnknown }),
    colorScheme: z.enum(COLOR_SCHEMES, { error: v.colorSchemeUnknown }),
    animations: flag.default(true),
    gamification: flag.default(false),
    isActive: flag.default(false),
  })
  .superRefine((c, ctx) => {
    if (c.pricing.discounted !== null && c.pricing.discounted > c.pricing.original) {
      ctx.addIssue({ code: 'custom', path: ['pricing', 'discounted'], message: v.discountedTooHigh });
    }
    const value = c.urgencyValue;
    if (c.urgencyType === 'countdown' && !isCalendarDate(value)) {
      ctx.addIssue({ code: 'custom', path: ['urgencyValue'], message: v.countdownDate });
    }
    if (c.urgencyType === 'limited_spots' && !isWholeNumber(value, 1_000_000)) {
      ctx.addIssue({ code: 'custom', path: ['urgencyValue'], message: v.spotsWhole });
    }
  })
  .transform((c) => (c.urgencyType ? c : { ...c, urgencyValue: '' }));
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignData = z.output<typeof campaignInputSchema>;

/** A campaign as the admin API returns it: what users see (`discount` is the percentage the discounted price saves) and its internal name. */
export type Campaign = PublicCampaign & { name: string };

/** How many distinct users saw a campaign (guide or /premium), how many clicked it (or started its checkout), and its paid purchases. */
type CampaignReach = { seen: number; clicked: number; purchased: number };
/** GET /api/admin/campaigns: every campaign with its reach, the active one first, then newest first. */
export type CampaignList = { campaigns: (Campaign & { reach: CampaignReach })[] };

/** The editor's draft of a new campaign: inactive until an admin turns it on (admin/campaigns/routes.test.ts creates it). */
export const CAMPAIGN_DRAFT: CampaignInput = {
  ...campaignDefaults,
  name: 'Ny kampanje',
  title: `👑 ${campaignDefaults.title}`,
  subtitle: '',
  features: [
    { icon: '📚', title: 'Funksjon 1', description: 'Beskriv hva brukeren får' },
    { icon: '🤖', title: 'Funksjon 2', description: 'Beskriv hva brukeren får' },
  ],
  pricing: { original: PRICES_NOK.monthly, discounted: null, currency: 'NOK', period: 'måned' },
  urgencyType: null,
  urgencyValue: '',
  testimonials: [],
  isActive: false,
};
