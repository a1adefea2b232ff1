/** Norwegian UI text used by islands, pages and server. Product texts are letter for letter from the spec. */
import { GUARANTEE_DAYS, MAGIC_LINK_TTL_MINUTES } from '#shared/constants';
import { validation } from './validation';

export const nb = {
  validation,
  auth: {
    linkSentMessage: `Vi har sendt deg en innloggingslenke. Den er gyldig i ${MAGIC_LINK_TTL_MINUTES} minutter.`,
    loggedOut: 'Du har blitt logget ut',
    loggedOutTitle: 'Logget ut',
  },
  login: {
    title: 'Logg inn på guiden',
    intro: 'Skriv inn e-postadressen din, så sender vi deg en innloggingslenke. Ingen passord å huske.',
    emailLabel: 'E-postadresse',
    emailPlaceholder: 'navn@firma.no',
    submit: 'Send innloggingslenke',
    sending: 'Sender...',
    newUsers: 'Ny her? Kontoen din opprettes automatisk første gang du logger inn.',
    sentTitle: 'Innloggingslenke sendt!',
    sentTo: 'Vi har sendt en innloggingslenke til',
    sentValidity: `Lenken er gyldig i ${MAGIC_LINK_TTL_MINUTES} minutter. Sjekk søppelpost-mappen hvis du ikke finner den.`,
    tryAnother: 'Prøv en annen e-post',
    checkEmailToast: '✉️ Sjekk e-posten din',
    errorTitle: 'Feil',
    errorFallback: 'Kunne ikke sende innloggingslenke',
    codeTitle: 'Åpner du e-posten på en annen enhet?',
    codeLabel: 'Sekssifret kode fra e-posten',
    codeSubmit: 'Logg inn med kode',
    codeChecking: 'Sjekker...',
    backHome: 'Tilbake til forsiden',
  },
  verify: {
    pageTitle: 'Logger inn',
    verifying: 'Verifiserer innlogging...',
    noToken: 'Ingen token funnet',
    errorTitle: 'Innloggingsfeil',
    errorFallback: 'Kunne ikke verifisere token',
    retry: 'Prøv på nytt',
    signedInTitle: '✅ Innlogget',
    welcomeBack: (name: string) => `Velkommen tilbake, ${name}!`,
  },
  guide: {
    loading: 'Laster guide...',
    logout: 'Logg ut',
  },
  email: {
    magicLink: {
      subject: 'Din innloggingslenke til Soloprenør',
      greeting: (name: string) => (name ? `Hei ${name}!` : 'Hei!'),
      intro: 'Trykk på knappen under for å logge inn på Soloprenør-guiden.',
      button: 'Logg inn på Soloprenør',
      validity: `Lenken er gyldig i ${MAGIC_LINK_TTL_MINUTES} minutter og kan bare brukes én gang.`,
      codeIntro: 'Vil du logge inn på en annen enhet? Bruk denne koden:',
      ignore: 'Ba du ikke om denne e-posten? Da kan du trygt se bort fra den – ingen får tilgang uten lenken.',
      signature: 'Hilsen Soloprenør',
    },
  },
  guarantee: `${GUARANTEE_DAYS} dagers pengene-tilbake-garanti`,
} as const;
