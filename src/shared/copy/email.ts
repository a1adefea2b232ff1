/** Norwegian UI text. Product texts are letter for letter from the spec. */
import { MAGIC_LINK_TTL_MINUTES } from '../constants';

export const email = {
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
} as const;
