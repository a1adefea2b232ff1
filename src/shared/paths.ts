/**
 * The app screens (guide, premium, admin and their sign-in pages): never in the sitemap, and no
 * third-party script on them — their addresses can carry sign-in tokens, and such scripts send
 * the full URL. `pathname` as in the address or as built (`/guide.html`).
 */
export const isPrivatePage = (pathname: string): boolean => /^\/(guide|premium|admin)(\/|\.html$|$)/.test(pathname);
