/// <reference types="astro/client" />

/** What the pre-rendered landing says about the product, read at build time (astro.config.mjs `landingData`). */
declare module 'virtual:landing-data' {
  /** Published modules (the seed's, before the database exists). */
  export const moduleCount: number;
  /** The founder section an admin set; null (hidden) until it has a name. */
  export const founder: { name: string; photoUrl: string; text: string } | null;
  export const buildYear: number;
}
