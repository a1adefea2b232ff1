import { formatDate } from '#shared/money';

/** «Verv en venn»: the profile's card (docs/decisions/0061-refer-a-friend.md). */
export const referralCard = {
  title: 'Verv en venn',
  intro:
    'Del lenken din. Vennen din får rabatt på første periode, og du får en gratis måned når betalingen deres er gjennom angrefristen.',
  linkLabel: 'Din vervelenke',
  copy: 'Kopier lenken',
  copied: 'Lenken er kopiert',
  copyFailed: 'Kunne ikke kopiere. Merk lenken og kopier den selv.',
  signups: 'Registrert',
  paid: 'Betalt',
  earnedMonths: 'Gratis måneder',
  loading: 'Henter vervelenken …',
  loadFailed: 'Kunne ikke hente vervelenken.',
} as const;

/** The checkout page reached through a member's link. */
export const referralCheckout = {
  note: (saving: number) =>
    `Du kom hit via en venns vervelenke: ${saving} kr rabatt på første periode. Senere perioder koster vanlig pris.`,
} as const;

/** The member's mail when a friend's payment has earned them a free month (transactional: it reports a change to their subscription). */
export const referralCreditMail = {
  subject: 'Du har fått en gratis måned',
  intro: 'En venn du vervet, har betalt for Soloprenør Premium, og angrefristen er ute. Takk for at du delte lenken din!',
  /** Stripe: a credit on the customer's balance, taken off the next invoice. */
  balance: (amount: string) => `Vi har gitt deg ${amount} i kreditt, som trekkes fra neste betaling.`,
  /** Vipps or the test provider: the next charge moved a month on. */
  period: (date: string) => `Neste trekk er flyttet én måned fram, til ${formatDate(date)}, og Premium varer like lenge.`,
} as const;
