/**
 * Norwegian text of the admin as a whole: its sign-in page, frame and navigation; each section's text is in
 * admin/<section>.ts. Product texts are the product owner's wording, letter for letter.
 */
import { MAGIC_LINK_TTL_MINUTES } from '#shared/constants';

export const adminLogin = {
  title: 'Admin-innlogging',
  intro: 'Skriv inn admin-adressen din, så sender vi deg en innloggingslenke.',
  submit: 'Send innloggingslenke',
  sending: 'Sender...',
  quickTitle: 'Hurtiginnlogging (kun i utviklingsmodus)',
  quickFill: (email: string) => `Bruk ${email}`,
  sentTitle: 'Sjekk e-posten din!',
  sentTo: 'Vi har sendt en innloggingslenke til',
  sentValidity: `Lenken er gyldig i ${MAGIC_LINK_TTL_MINUTES} minutter.`,
  retry: 'Prøv igjen med annen e-post',
  errorTitle: 'Feil',
  errorFallback: 'Kunne ikke sende e-post',
  backHome: 'Tilbake til forsiden',
} as const;

export const adminShell = {
  pageTitle: 'Admin',
  skipLink: 'Hopp til innholdet',
  loading: 'Laster admin...',
  noAccessTitle: 'Ingen tilgang',
  noAccessText: 'Du må ha en rolle i admin for å se denne siden.',
  /** A section the signed-in role may not use, opened by its address. */
  noSectionTitle: 'Ingen tilgang til denne delen',
  noSectionText: (role: string) =>
    `Rollen din (${role}) gir ikke tilgang til denne delen av admin. Velg en av delene i menyen, eller be eieren om en annen rolle.`,
  /** The roles' Norwegian names. */
  roles: { owner: 'Eier', admin: 'Administrator', editor: 'Redaktør', support: 'Kundestøtte' },
  toGuide: 'Tilbake til guiden',
  signIn: 'Logg inn som admin',
  navLabel: 'Admin',
  menu: 'Meny',
  closeMenu: 'Lukk meny',
  signedInAs: 'Innlogget som',
  logout: 'Logg ut',
  sections: {
    overview: 'Oversikt',
    users: 'Brukere',
    payments: 'Betalinger',
    leads: 'Leads',
    imports: 'Import',
    insights: 'Innsikt',
    questions: 'Spørsmål',
    content: 'Innhold',
    campaigns: 'Kampanjer',
    gamification: 'Gamification',
    revenue: 'Inntekter',
  },
} as const;
