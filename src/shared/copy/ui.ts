/** Text of the building blocks every page shares. */

export const toaster = {
  region: 'Varsler (F8)',
  close: 'Lukk varsel',
} as const;
