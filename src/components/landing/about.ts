/** The founder section's anchor: the header and footer link to it only when the section is shown. */
export const ABOUT_ANCHOR = '#om-meg';
