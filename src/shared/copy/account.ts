/** Norwegian UI text of the profile page, the address change and the unsubscribe page. */
import { EMAIL_CHANGE_TTL_MINUTES } from '#shared/constants';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How deep the guide goes for a user (the data model's depthLevel). */
export const depthLevels = { beginner: 'Nybegynner', intermediate: 'Viderekommen', expert: 'Ekspert' } as const;

/** A user's data export, downloaded by themselves or by an admin (the product's words). */
export const dataExport = {
  done: 'Data eksportert',
  savedAs: (file: string) => `Lagret som ${file}.`,
  failed: 'Kunne ikke eksportere brukerdata.',
} as const;

export const profile = {
  loading: 'Laster profilen...',
  loadFailed: 'Kunne ikke laste profilen. Sjekk nettforbindelsen og prøv igjen.',
  retry: 'Prøv igjen',
  back: 'Tilbake til guiden',
  title: 'Min profil',
  intro: 'Her endrer du opplysningene dine, velger hvilke e-poster du vil ha, og laster ned eller sletter dataene dine.',

  detailsTitle: 'Om deg',
  firstName: 'Fornavn',
  firstNameHint: 'Valgfritt. Brukes bare til å hilse på deg i guiden.',
  depthLevel: 'Nivå',
  depthLevelHint: 'Hvor dypt vil du gå i guiden?',
  save: 'Lagre endringer',
  saving: 'Lagrer...',
  saved: 'Profilen er lagret',
  saveFailed: 'Kunne ikke lagre profilen.',

  emailTitle: 'E-postadresse',
  currentEmail: 'Nåværende e-postadresse',
  newEmail: 'Ny e-postadresse',
  emailHint: `Vi sender en bekreftelseslenke til den nye adressen. Adressen endres først når du åpner lenken (gyldig i ${EMAIL_CHANGE_TTL_MINUTES} minutter).`,
  sendEmailLink: 'Send bekreftelseslenke',
  sendingEmailLink: 'Sender...',
  emailLinkSent: 'Sjekk den nye e-postadressen',
  pendingEmail: (email: string) =>
    `Venter på bekreftelse av ${email}. Til lenken er åpnet, logger du fortsatt inn med adressen over.`,
  emailFailed: 'Kunne ikke sende bekreftelseslenken.',

  premiumTitle: 'Premium',
  premiumActive: 'Du har Premium',
  premiumPlan: 'Abonnement',
  premiumEnds: 'Gyldig til',
  premiumNoEnd: 'Uten sluttdato',
  /** Premium given without a charge until a date (e.g. paid time brought from another platform): nothing renews it. */
  premiumGrantedRenew: (until: string) =>
    `Premium er gitt deg uten betaling til ${until}, og fornyes ikke av seg selv. Vil du fortsette etter det, velger du en plan før datoen.`,
  premiumChoosePlan: 'Velg plan',
  premiumNone: 'Du har gratisversjonen av guiden.',
  premiumUpgrade: 'Se Premium',

  consentTitle: 'E-poster med tips og tilbud',
  consentLabel: 'Send meg e-poster med tips, verktøy og tilbud',
  consentHint: 'Du kan melde deg av når som helst, her eller med lenken nederst i hver e-post. Innloggingslenker får du uansett.',
  consentOn: 'Du får e-poster med tips, verktøy og tilbud',
  consentOff: 'Du er meldt av e-poster med tips, verktøy og tilbud',
  consentFailed: 'Kunne ikke lagre valget ditt.',

  dataTitle: 'Dine data',
  dataIntro: 'Du kan laste ned alt vi har lagret om deg som en JSON-fil, eller slette kontoen din for godt.',
  download: 'Last ned mine data',
  downloading: 'Henter...',

  deleteButton: 'Slett kontoen min',
  deleteTitle: 'Slette kontoen din?',
  deleteIntro: 'Kontoen og alt vi har lagret om deg slettes for godt. Det kan ikke angres. Du mister:',
  loseProgress: (lessons: number) => `fremgangen din i guiden (${plural(lessons, 'fullført leksjon', 'fullførte leksjoner')})`,
  loseStreak: (days: number, xp: number) => `streaken din (${plural(days, 'dag', 'dager')} på rad) og ${xp} XP`,
  losePremium: (plan: string) => `Premium-tilgangen din (${plan}) – den refunderes ikke ved sletting`,
  loseConsent: 'valgene dine for e-post og historikken for samtykket',
  deleteKeep: 'Betalingsopplysninger som bokføringsloven krever at vi oppbevarer, beholdes uten kobling til deg.',
  deleteConfirm: 'Ja, slett kontoen min',
  deleting: 'Sletter...',
  deleted: 'Kontoen er slettet',
  deletedText: 'Alle dataene dine er slettet. Takk for at du brukte Soloprenør.',
  deleteFailed: 'Kunne ikke slette kontoen.',
  errorTitle: 'Feil',

  /** Answers of the API. */
  profileSaved: 'Profilen er lagret.',
  emailChangeSent: (email: string) => `Vi har sendt en bekreftelseslenke til ${email}.`,
  emailChanged: (email: string) => `E-postadressen er endret til ${email}.`,
  accountDeleted: 'Kontoen din og alle dataene dine er slettet.',
} as const;

export const confirmEmail = {
  pageTitle: 'Bekreft ny e-postadresse',
  working: 'Bekrefter ny e-postadresse...',
  doneTitle: 'E-postadressen er endret',
  failedTitle: 'Kunne ikke endre e-postadressen',
  failedFallback: 'Noe gikk galt. Prøv igjen om litt.',
  toProfile: 'Gå til profilen',
  noscript: 'Bekreftelsen krever JavaScript. Slå det på og last siden på nytt.',
} as const;

export const unsubscribePage = {
  pageTitle: 'Meld deg av e-poster',
  loading: 'Sjekker lenken...',
  question: (email: string) => `Vil du melde ${email} av e-poster med tips, verktøy og tilbud fra Soloprenør?`,
  transactional: 'Innloggingslenker og andre e-poster du selv ber om, får du fortsatt.',
  confirm: 'Meld meg av',
  working: 'Melder av...',
  doneTitle: 'Du er meldt av',
  done: (email: string) => `Vi sender ikke flere e-poster med tips, verktøy og tilbud til ${email}.`,
  alreadyTitle: 'Du er allerede meldt av',
  already: (email: string) => `${email} får ingen e-poster med tips, verktøy og tilbud fra oss.`,
  changeMind: 'Ombestemt deg? Logg inn og slå e-postene på igjen under Min profil.',
  invalidTitle: 'Ugyldig avmeldingslenke',
  failed: 'Kunne ikke melde deg av akkurat nå. Prøv igjen om litt.',
  home: 'Til forsiden',
  unsubscribed: 'Du er meldt av.',
  noscript: 'Avmeldingen krever JavaScript. Slå det på, eller logg inn og slå av e-postene under Min profil.',
} as const;
