/** Norwegian text of a campaign as users meet it: on /premium, as an upsell in the guide, and in the admin's preview. */

/**
 * The product's default campaign: how a campaign looks unless an admin says otherwise. The editor's draft of a new
 * campaign and the built-in campaign /premium falls back to both start from it.
 */
export const campaignDefaults = {
  title: 'Premium-tilgang',
  description: 'Få full tilgang til alle funksjoner',
  ctaText: 'Oppgrader nå',
  displayType: 'modal',
  colorScheme: 'orange',
  animations: true,
  gamification: false,
} as const;

export const campaign = {
  priceOriginal: 'Ordinær pris',
  perPeriod: (currency: string, period: string) => `${currency}/${period}`,
  discount: (percent: number) => `Spar ${percent} %`,
  /** Said plainly wherever a campaign's price is for the first period only. */
  renewal: (price: number | string, period: string) => `Gjelder første ${period}. Deretter ${price} NOK/${period}.`,
  until: (date: string) => `Tilbudet gjelder til ${date}`,
  spotsLeft: (n: number | string) => `Kun ${n} plasser igjen!`,
  featuresLabel: 'Dette får du',

  upsell: {
    /** The sidebar and full-width panels are landmarks with this name. */
    label: 'Premium-tilbud',
    notNow: 'Ikke nå',
    close: 'Lukk tilbudet',
    firstModuleDone: 'Gratulerer! Du har fullført din første modul.',
  },
} as const;
