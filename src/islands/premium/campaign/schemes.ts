import type { PublicCampaign } from '#shared/schemas/premium';

/**
 * A campaign's colour scheme as users see it, wherever it is shown (/premium, the guide's upsells,
 * the admin's cards and preview). White text on these gradients and buttons keeps at least 4.5:1
 * contrast (the 700 shades). Whole class names, so Tailwind finds them.
 */
export const CAMPAIGN_SCHEMES: Record<PublicCampaign['colorScheme'], { gradient: string; button: string; soft: string }> = {
  orange: { gradient: 'from-orange-700 to-red-700', button: 'bg-orange-700 hover:bg-orange-800', soft: 'bg-orange-50' },
  purple: { gradient: 'from-purple-700 to-fuchsia-700', button: 'bg-purple-700 hover:bg-purple-800', soft: 'bg-purple-50' },
  blue: { gradient: 'from-blue-700 to-indigo-700', button: 'bg-blue-700 hover:bg-blue-800', soft: 'bg-blue-50' },
  green: { gradient: 'from-green-700 to-emerald-800', button: 'bg-green-700 hover:bg-green-800', soft: 'bg-green-50' },
  custom: { gradient: 'from-stone-700 to-stone-900', button: 'bg-stone-800 hover:bg-stone-900', soft: 'bg-stone-50' },
};

/** The scheme's button: the campaign's call to action, in its colours. */
export const campaignButton = (scheme: PublicCampaign['colorScheme']) =>
  `btn ${CAMPAIGN_SCHEMES[scheme].button} text-white shadow-sm`;
