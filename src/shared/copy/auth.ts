/** Norwegian UI text. Product texts are the product owner's wording, letter for letter. */
import { MAGIC_LINK_TTL_MINUTES } from '#shared/constants';
import { validation } from '#shared/copy/validation';

export const auth = {
  linkSentMessage: `Vi har sendt deg en innloggingslenke. Den er gyldig i ${MAGIC_LINK_TTL_MINUTES} minutter.`,
  /** A saved sign-up whose mail may still be waiting in the queue. */
  signupSaved: 'Vi har registrert deg – e-posten er på vei',
  loggedOut: 'Du har blitt logget ut',
  loggedOutEverywhere: 'Du er logget ut på alle enheter',
  loggedOutTitle: 'Logget ut',
} as const;

export const login = {
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
  codeToggle: 'Har du fått en kode på e-post?',
  codeIntro: 'Skriv inn e-postadressen din og den sekssifrede koden fra e-posten, så logger vi deg inn på denne enheten.',
  codeBack: 'Send meg en innloggingslenke i stedet',
  backHome: 'Tilbake til forsiden',
  /** The link's mail has not gone out ~30 s after the request (the mail server is down or slow). */
  mailDelayedTitle: 'E-posten er forsinket',
  mailDelayed:
    'Vi får ikke sendt e-post akkurat nå. Den går ut så snart vi kan, men lenken er bare gyldig en kort stund. Prøv igjen om noen minutter – når e-posten kommer, kan du også logge inn med koden i den.',
  mailDelayedRetry: 'Prøv å sende på nytt',
} as const;

export const verify = {
  pageTitle: 'Logger inn',
  noscript: 'Innloggingen krever JavaScript. Slå det på og last siden på nytt.',
  verifying: 'Verifiserer innlogging...',
  noToken: validation.tokenMissing,
  errorTitle: 'Innloggingsfeil',
  errorFallback: 'Kunne ikke verifisere token',
  retry: 'Prøv på nytt',
  useCode: 'Logg inn med koden fra e-posten',
  signedInTitle: '✅ Innlogget',
  welcomeBack: (name: string) => `Velkommen tilbake, ${name}!`,
  /** The first visit is welcomed as one (never 'tilbake'); a lead from the landing gave no name. */
  welcomeFirst: (name: string) => (name ? `Velkommen, ${name}!` : 'Velkommen til guiden!'),
} as const;
