/** Norwegian UI text. Product texts are the product owner's wording, letter for letter. */
import { EMAIL_CHANGE_TTL_MINUTES, MAGIC_LINK_TTL_MINUTES } from '#shared/constants';

export const email = {
  /** Before the subject of a test send (a newsletter or a welcome step, to the admin writing it). */
  testPrefix: '[Test] ',
  magicLink: {
    subject: 'Din innloggingslenke til Soloprenør',
    // No name: a link can be asked for any address, so nothing the asker wrote goes into the mail.
    greeting: 'Hei!',
    intro: 'Trykk på knappen under for å logge inn på Soloprenør-guiden.',
    // Plain text has no button.
    textIntro: 'Åpne lenken under for å logge inn på Soloprenør-guiden.',
    confirmsSignup: 'Lenken bekrefter også påmeldingen din til e-poster med tips, verktøy og tilbud fra Soloprenør.',
    button: 'Logg inn på Soloprenør',
    validity: `Lenken er gyldig i ${MAGIC_LINK_TTL_MINUTES} minutter og kan bare brukes én gang.`,
    codeIntro: 'Vil du logge inn på en annen enhet? Bruk denne koden:',
    ignore: 'Ba du ikke om denne e-posten? Da kan du trygt se bort fra den – ingen får tilgang uten lenken.',
    fallback: 'Virker ikke knappen? Åpne denne lenken:',
    signature: 'Hilsen Soloprenør',
  },
  emailChange: {
    subject: 'Bekreft ny e-postadresse for Soloprenør',
    greeting: 'Hei!',
    // Nothing the asker wrote: only that a change to this address was asked for.
    intro:
      'Noen ba om å bruke denne e-postadressen for en konto hos Soloprenør. Trykk på knappen under for å bekrefte at adressen er din.',
    textIntro:
      'Noen ba om å bruke denne e-postadressen for en konto hos Soloprenør. Åpne lenken under for å bekrefte at adressen er din.',
    button: 'Bekreft e-postadressen',
    validity: `Lenken er gyldig i ${EMAIL_CHANGE_TTL_MINUTES} minutter og kan bare brukes én gang. Adressen endres først når du åpner den.`,
    ignore: 'Ba du ikke om dette? Da kan du trygt se bort fra e-posten – ingenting endres uten lenken.',
    fallback: 'Virker ikke knappen? Åpne denne lenken:',
    signature: 'Hilsen Soloprenør',
  },
  /** To the old address once the change is made: the owner learns of it even if someone else did it. */
  emailChanged: {
    subject: 'E-postadressen din hos Soloprenør er endret',
    greeting: 'Hei!',
    changed: (newEmail: string) =>
      `E-postadressen for kontoen din hos Soloprenør er nå ${newEmail}. Innloggingslenker går dit fra nå av, og denne adressen kan ikke lenger brukes til å logge inn på kontoen.`,
    notYou: 'Var det ikke deg? Svar på denne e-posten, så hjelper vi deg med å få kontoen tilbake.',
    signature: 'Hilsen Soloprenør',
  },
  /** The footer of every marketing e-mail (tips, tools and offers, sent only with consent). */
  marketing: {
    why: 'Du får denne e-posten fordi du har sagt ja til e-poster med tips, verktøy og tilbud fra Soloprenør.',
    unsubscribe: 'Meld deg av',
    unsubscribeText: 'Meld deg av med ett klikk:',
    /** The sender's postal address, which every marketing mail carries (markedsføringsloven, CAN-SPAM, the big inboxes' bulk rules). */
    sender: (name: string, address: string) => `${name}, ${address}`,
  },
} as const;
