/** «Verv en venn»: the profile's card (docs/decisions/0061-refer-a-friend.md). */
export const referralCard = {
  title: 'Verv en venn',
  intro: 'Del lenken din. Vennen din får rabatt på første periode, og du får en gratis måned når betalingen deres er gjennom angrefristen.',
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
  note: (saving: number) => `Du kom hit via en venns vervelenke: ${saving} kr rabatt på første periode. Senere perioder koster vanlig pris.`,
} as const;
