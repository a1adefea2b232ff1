/** Norwegian text of the welcome series (admin and mails) and of the learner's reminders. */

export const adminWelcome = {
  title: 'Velkomstserie',
  intro:
    'E-postene hver ny påmeldt med samtykke får, regnet i dager fra påmeldingen. Endrer du en e-post, får ingen den på nytt; en ny e-post går bare til dem den fortsatt passer for.',
  loading: 'Henter velkomstserien …',
  loadFailed: 'Kunne ikke hente velkomstserien.',
  retry: 'Prøv igjen',
  empty: 'Serien er tom. Legg til den første e-posten.',
  add: 'Legg til e-post',
  edit: 'Rediger',
  delete: 'Slett',
  moveUp: (subject: string) => `Flytt «${subject}» opp`,
  moveDown: (subject: string) => `Flytt «${subject}» ned`,
  editLabel: (subject: string) => `Rediger «${subject}»`,
  deleteLabel: (subject: string) => `Slett «${subject}»`,
  day: (days: number) => (days === 0 ? 'Samme dag' : days === 1 ? 'Etter 1 dag' : `Etter ${days} dager`),
  sent: (n: number) => `Sendt til ${n}`,
  addTitle: 'Ny e-post i serien',
  editTitle: 'Rediger e-post',
  fields: {
    delayDays: 'Dager etter påmelding',
    delayHint: '0 sender den samme dag som påmeldingen.',
    subject: 'Emne',
    markdown: 'Innhold (Markdown)',
    markdownHint: 'Lenker til guiden kan skrives som /guide/lessons/mindset; de blir fulle adresser i e-posten.',
  },
  preview: 'Forhåndsvisning',
  previewPhone: 'Mobil',
  previewDesktop: 'Skrivebord',
  save: 'Lagre',
  cancel: 'Avbryt',
  saved: 'E-posten er lagret',
  added: 'E-posten er lagt til i serien',
  deleted: 'E-posten er slettet fra serien',
  reordered: 'Rekkefølgen er lagret',
  moved: (subject: string, position: number, total: number) => `«${subject}» er nå nummer ${position} av ${total}`,
  failed: 'Kunne ikke lagre endringen.',
  errorTitle: 'Noe gikk galt',
  confirmDeleteTitle: 'Slette e-posten?',
  confirmDeleteText: 'Den sendes ikke til flere. De som alt har fått den, beholder den.',
} as const;

export const welcomeValidation = {
  stepNotFound: 'Fant ikke e-posten i velkomstserien.',
  subjectRequired: 'Skriv et emne.',
  markdownRequired: 'Skriv innholdet i e-posten.',
  tooLong: (max: number) => `Høyst ${max} tegn.`,
  delayDays: 'Antall dager må være et helt tall fra 0 til 365.',
  orderMismatch: 'Rekkefølgen må nevne hver e-post i serien nøyaktig én gang.',
  reminderChoice: 'Velg om du vil ha påminnelser eller ikke.',
} as const;

export const reminders = {
  /** The profile's section. */
  title: 'Påminnelser på e-post',
  label: 'Påminnelser på e-post',
  hint: 'Høyst én e-post om dagen, på kvelden: når streaken din ender i kveld, eller når det kommer en ny leksjon i en modul du har begynt på.',
  on: 'Du får påminnelser på e-post',
  off: 'Påminnelser på e-post er slått av',
  failed: 'Kunne ikke lagre valget ditt.',
  errorTitle: 'Noe gikk galt',
  mail: {
    greeting: 'Hei!',
    /** `days` as text: the job writes one mail for every streak, with the number filled in per learner. */
    streakSubject: (days: string, plural: boolean) => `Streaken din på ${days} ${plural ? 'dager' : 'dag'} slutter i kveld`,
    streakIntro: (days: string, plural: boolean) =>
      `Du har vært innom guiden ${days} ${plural ? 'dager' : 'dag'} på rad. Ta en leksjon før midnatt, så holder du streaken i live.`,
    streakButton: 'Fortsett i guiden',
    lessonSubject: (title: string) => `Ny leksjon: ${title}`,
    lessonIntro: (title: string, module: string) =>
      `Det har kommet en ny leksjon i «${module}», som du har begynt på: «${title}».`,
    lessonButton: 'Åpne leksjonen',
    signature: 'Hilsen Soloprenør',
    why: 'Du får denne e-posten fordi du har slått på påminnelser i profilen din.',
    off: 'Slå av påminnelser',
    offText: 'Slå av påminnelser med ett klikk:',
  },
  /** The page the turn-off link opens (no sign-in). */
  offPage: {
    title: 'Slå av påminnelser',
    text: 'Vil du slutte å få påminnelser på e-post fra Soloprenør? Du kan slå dem på igjen i profilen din.',
    button: 'Slå av påminnelser',
    doneTitle: 'Påminnelser er slått av',
    doneText: 'Du får ikke flere påminnelser på e-post. Du kan slå dem på igjen i profilen din.',
    back: 'Til forsiden',
    invalid: 'Lenken er ugyldig. Du kan slå av påminnelser i profilen din.',
  },
} as const;
