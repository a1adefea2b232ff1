/** Text of the building blocks every page shares. */

export const toaster = {
  region: 'Varsler (F8)',
  close: 'Lukk varsel',
} as const;

/** The dialogs' own buttons. */
export const dialog = {
  cancel: 'Avbryt',
  close: 'Lukk',
} as const;

/** What search engines and link previews say of a page that gives no description of its own. */
export const site = {
  description: 'Soloprenør er en gratis norsk guide for deg som vil starte bedrift alene – med AI-verktøy i stedet for ansatte.',
} as const;

/** How recent a time is, where a relative time is shown (the admin's activity). */
export const relativeTime = {
  justNow: 'nå nettopp',
} as const;
