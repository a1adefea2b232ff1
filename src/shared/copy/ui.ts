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
