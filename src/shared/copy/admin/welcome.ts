/** Norwegian text of the welcome series (admin and mails). */

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
  /** What the step's mail did: clicks on its links, sign-ups through them, purchases within 7 days of a click. */
  effect: (clicks: number, signups: number, purchases: number) =>
    `${clicks} klikk · ${signups} ${signups === 1 ? 'påmelding' : 'påmeldinger'} · ${purchases} kjøp innen 7 dager`,
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
  testSend: 'Send test til meg',
  testSending: 'Sender test …',
  testSent: (email: string) => `Testen er sendt til ${email}`,
  testFailed: 'Kunne ikke sende testen.',
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
} as const;
