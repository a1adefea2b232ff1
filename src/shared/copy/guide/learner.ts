/**
 * The learner's conveniences (docs/decisions/0027-continue-search-certificate.md): continue where you left off, next/previous
 * lesson, search, the certificate.
 */

const continueCard = {
  title: 'Fortsett der du slapp',
  firstTitle: 'Start her',
  inModule: (order: number, title: string) => `Modul ${order}: ${title}`,
  button: 'Fortsett',
  firstButton: 'Start første leksjon',
  /** The button's accessible name: its text, then the lesson it leads to. */
  buttonLabel: (button: string, lesson: string) => `${button}: ${lesson}`,
  doneTitle: 'Du har fullført alt som er tilgjengelig',
  doneText: 'Godt jobbet! Last ned kursbeviset ditt som PDF.',
} as const;

const lessonNav = {
  label: 'Forrige og neste leksjon',
  previous: 'Forrige',
  next: 'Neste',
  previousModule: 'Forrige modul',
  nextModule: 'Neste modul',
  premium: 'krever Premium',
  locked: 'låst til denne modulen er fullført',
} as const;

const search = {
  label: 'Søk i guiden',
  placeholder: 'Søk etter moduler og leksjoner',
  submit: 'Søk',
  searching: 'Søker...',
  failed: 'Søket feilet. Prøv igjen.',
  // «treff» is the same in singular and plural.
  count: (n: number, q: string) => (n === 0 ? `Ingen treff for «${q}»` : `${n} treff for «${q}»`),
  module: 'Modul',
  locked: 'Låst',
  keyboardHint: 'Pil ned går til treffene.',
} as const;

const certificate = {
  /** The button and the PDF's title. */
  download: 'Last ned kursbevis (PDF)',
  downloading: 'Lager kursbeviset...',
  nameTitle: 'Hvilket navn skal stå på kursbeviset?',
  nameText: 'Navnet lagres på profilen din, og du kan endre det der senere.',
  nameLabel: 'Navn',
  nameRequired: 'Skriv inn navnet ditt.',
  save: 'Lagre og last ned',
  saving: 'Lagrer...',
  saveFailed: 'Kunne ikke lagre navnet. Prøv igjen.',
  fileName: 'kursbevis-soloprenor.pdf',
  // The PDF itself: Helvetica in WinAnsi encoding, which covers æøå (certificate-pdf.ts).
  pdf: {
    title: 'Kursbevis',
    intro: 'Dette bekrefter at',
    completed: 'har fullført kurset',
    course: 'Soloprenør-guiden',
    summary: (modules: number, lessons: number) =>
      `${modules} ${modules === 1 ? 'modul' : 'moduler'} og ${lessons} ${lessons === 1 ? 'leksjon' : 'leksjoner'} fullført`,
    date: (day: string) => `Oslo, ${day}`,
    verify: 'Sjekk at kursbeviset er ekte:',
    id: (id: string) => `Kursbevis-ID: ${id}`,
  },
} as const;

export const learner = { continueCard, lessonNav, search, certificate } as const;
