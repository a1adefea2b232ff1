// Our client directives (astro.config.mjs, src/browser/directives/), for Astro's JSX types.
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** Hydrate on the visitor's first scroll. */
      'client:scroll'?: boolean;
      /** Hydrate with the first toast, or at once when the address has `?{value}=true`. */
      'client:toast'?: string;
    }
  }
}

export {};
