/** Norwegian text of the automations ("Automatiseringer", /admin/automatiseringer), their default mails and the reason page. */
import type { AUTOMATION_KINDS, CANCELLATION_REASONS } from '#db/schema/enums';

type Kind = (typeof AUTOMATION_KINDS)[number];
type Reason = (typeof CANCELLATION_REASONS)[number];

export const adminAutomations = {
  title: 'Automatiseringer',
  intro:
    'E-post som går av seg selv når noen gjør noe: kjøper, forlater kassen eller sier opp. Alle er av til du slår dem på, og bare det som skjer etter at du slo en på, utløser den. De går bare til dem som har sagt ja til e-post fra deg, når e-posten sendes.',
  loading: 'Henter automatiseringene …',
  loadFailed: 'Kunne ikke hente automatiseringene.',
  retry: 'Prøv igjen',
  names: {
    onboarding: 'Etter kjøp',
    abandoned_checkout: 'Forlatt kasse',
    cancellation: 'Etter oppsigelse',
  } satisfies Record<Kind, string>,
  descriptions: {
    onboarding: 'En serie e-poster som hjelper nye Premium-medlemmer i gang, regnet i dager fra kjøpet.',
    abandoned_checkout:
      'Én e-post til den som startet et kjøp og ikke betalte innen en time. Går ikke om de har betalt i mellomtiden.',
    cancellation: 'Én e-post som spør hvorfor de sa opp, med ett klikk per svar. Svarene ser du her.',
  } satisfies Record<Kind, string>,
  on: 'På',
  off: 'Av',
  switchLabel: (name: string) => `Slå på «${name}»`,
  switchedOn: (name: string) => `«${name}» er slått på`,
  switchedOff: (name: string) => `«${name}» er slått av`,
  enabledSince: (when: string) => `På siden ${when}`,
  edit: 'Rediger e-post',
  editTitle: (name: string) => `Rediger «${name}»`,
  mailHeading: (n: number) => `E-post ${n}`,
  addMail: 'Legg til e-post',
  removeMail: (n: number) => `Fjern e-post ${n}`,
  delayDays: 'Dager etter kjøpet',
  delayHint: '0 sender den innen en time etter kjøpet.',
  subjectLabel: 'Emne',
  markdownLabel: 'Innhold (Markdown)',
  markdownHint: 'Lenker til guiden kan skrives som /guide; de blir fulle adresser i e-posten.',
  sent: (n: number) => `Sendt til ${n}`,
  mailCount: (n: number) => (n === 1 ? '1 e-post' : `${n} e-poster`),
  reasonsHeading: 'Svar på «hvorfor»',
  noReasons: 'Ingen svar ennå.',
  reasonLinksNote: 'Under teksten legges lenkene med svarene automatisk til, én for hver grunn.',
  preview: 'Forhåndsvisning',
  save: 'Lagre',
  cancel: 'Avbryt',
  saved: 'Endringene er lagret',
  failed: 'Kunne ikke lagre endringen.',
  errorTitle: 'Noe gikk galt',
} as const;

/** The reasons as the mail's links and the admin's tally name them. */
export const cancellationReasonLabels = {
  price: 'Det ble for dyrt',
  time: 'Jeg har ikke tid nå',
  content: 'Jeg fant ikke det jeg trengte',
  done: 'Jeg fikk det jeg kom for',
  other: 'Noe annet',
} satisfies Record<Reason, string>;

/** The heading above the reason links the cancellation mail gets under the admin's text. */
export const reasonLinksHeading = 'Hva passer best? Ett klikk er nok:';

/** The default mails, Norwegian, used until the admin saves their own. Ids are fixed so sends stay keyed. */
export const defaultAutomationMails = {
  onboarding: [
    {
      id: 'onboarding-0',
      delayDays: 0,
      subject: 'Velkommen som Premium-medlem!',
      markdown:
        'Hei!\n\nTakk for at du ble Premium-medlem. Nå er alle modulene åpne for deg.\n\nEt godt sted å starte er [guiden](/guide): der ser du hvilken modul vi anbefaler neste.\n\nLykke til!',
    },
    {
      id: 'onboarding-1',
      delayDays: 3,
      subject: 'Tre tips for å få mest ut av Premium',
      markdown:
        'Hei igjen!\n\n1. Sett av 20 minutter på samme tid hver dag.\n2. Ta notater i leksjonene – du finner dem igjen under [notater](/guide/notater).\n3. Slå på påminnelser i [profilen](/guide/profil) om du vil ha et dytt om kvelden.\n\nSvar gjerne på denne e-posten om du lurer på noe.',
    },
  ],
  abandoned_checkout: [
    {
      id: 'abandoned-checkout-0',
      delayDays: 0,
      subject: 'Du var nesten i mål',
      markdown:
        'Hei!\n\nDu startet et kjøp av Premium, men det ble ikke fullført. Om noe stoppet deg, kan du fortsette der du slapp på [prissiden](/priser).\n\nLurer du på noe, er det bare å svare på denne e-posten.',
    },
  ],
  cancellation: [
    {
      id: 'cancellation-0',
      delayDays: 0,
      subject: 'Hvorfor sa du opp?',
      markdown:
        'Hei!\n\nVi har registrert at du har sagt opp Premium. Du beholder tilgangen ut perioden du har betalt for.\n\nVil du fortelle oss hvorfor? Det hjelper oss å bli bedre.',
    },
  ],
} satisfies Record<Kind, { id: string; delayDays: number; subject: string; markdown: string }[]>;

/** The page a reason link opens (/oppsigelse): it records the click and thanks. */
export const cancellationReasonPage = {
  pageTitle: 'Takk for svaret',
  noscript: 'Slå på JavaScript for å registrere svaret ditt.',
  saving: 'Registrerer svaret …',
  thanks: 'Takk! Svaret ditt er registrert.',
  yourAnswer: (label: string) => `Du svarte: «${label}».`,
  invalidTitle: 'Lenken virker ikke',
  failed: 'Kunne ikke registrere svaret. Prøv lenken igjen senere.',
  home: 'Til forsiden',
} as const;

export const automationValidation = {
  unknownKind: 'Fant ikke automatiseringen.',
  enabled: 'Angi om automatiseringen skal være på.',
  mailCount: 'En automatisering har fra 1 til 10 e-poster.',
  singleMail: 'Denne automatiseringen sender nøyaktig én e-post, uten forsinkelse.',
  mailId: 'Hver e-post må ha sin egen id.',
  badLink: 'Lenken er ugyldig. Bruk lenken i e-posten.',
  badReason: 'Velg en av grunnene i e-posten.',
  forgedLink: 'Lenken er endret eller ugyldig.',
  subscriptionGone: 'Fant ikke abonnementet lenken gjelder.',
} as const;

/**
 * The reason links under the cancellation mail's text, as Markdown: one per reason, each to the
 * reason page with the subscription's signed `token` (the preview shows a placeholder).
 */
export function reasonLinksMarkdown(path: string, token: string): string {
  const links = (Object.keys(cancellationReasonLabels) as Reason[]).map(
    (reason) => `- [${cancellationReasonLabels[reason]}](${path}?token=${token}&reason=${reason})`,
  );
  return `${reasonLinksHeading}\n\n${links.join('\n')}`;
}
