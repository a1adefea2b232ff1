/** The admin's site settings (/admin/innstillinger): the welcome offer and the landing's founder section. */
export const adminSettings = {
  title: 'Innstillinger',
  intro: 'Velkomsttilbudet til nye medlemmer, gründerdelen på forsiden og kravene til kursbeviset.',
  welcomeTitle: 'Velkomsttilbud',
  welcomeIntro:
    'En lavere pris for første periode til nye medlemmer, de første dagene etter at de meldte seg inn. Nedtellingen på Premium-siden går til denne fristen, og etter den gjelder listeprisen.',
  welcomeOn: 'Velkomsttilbud er på',
  welcomePlan: 'Plan',
  welcomePrice: 'Pris for første periode (NOK inkl. mva)',
  welcomePriceHint: (list: number) => `Lavere enn planens pris, ${list} NOK.`,
  welcomeDays: 'Gjelder i antall dager fra innmelding',
  trialTitle: 'Gratis prøveperiode',
  trialIntro:
    'Nye abonnenter som aldri har hatt Premium, prøver gratis i så mange dager. Kort eller Vipps-avtale tas ved start, og første trekk er listeprisen når prøveperioden er over. De får en påminnelse 3 dager før.',
  trialDays: 'Antall dager gratis (0 = ingen prøveperiode)',
  trialDaysHint: 'Fra 0 til 30 dager. Gjelder begge planene.',
  founderTitle: 'Gründeren på forsiden',
  founderIntro: 'Vises på forsiden når et navn er satt. Forsiden bygges på nytt for at endringen skal synes.',
  founderName: 'Navn',
  founderPhotoUrl: 'Bilde (adresse)',
  founderPhotoHint: 'En adresse som begynner med https:// eller /.',
  founderText: 'Kort tekst',
  certificateTitle: 'Kursbevis',
  certificateIntro:
    'Når dette er på, får deltakeren kursbeviset først når hver quiz i modulene de har tilgang til er bestått, og en quiz-leksjon blir bare fullført ved å bestå quizen.',
  certificateRequiresQuizzes: 'Sertifikatet krever bestått quiz',
  loading: 'Henter innstillingene …',
  loadFailed: 'Kunne ikke hente innstillingene',
  retry: 'Prøv igjen',
  save: 'Lagre',
  saving: 'Lagrer …',
  saved: 'Innstillingene er lagret',
  saveFailed: 'Kunne ikke lagre innstillingene',
} as const;

export const settingsValidation = {
  planUnknown: 'Velg månedlig eller årlig',
  priceWhole: 'Skriv prisen som et helt antall kroner',
  priceBelowList: (list: number) => `Prisen må være minst 1 NOK og lavere enn planens pris, ${list} NOK`,
  daysWhole: 'Skriv et helt antall dager, 1 til 90',
  nameTooLong: 'Navnet kan ha høyst 80 tegn',
  textTooLong: 'Teksten kan ha høyst 600 tegn',
  photoUrl: 'Skriv en adresse som begynner med https:// eller /',
  onOff: 'Må være på eller av',
  trialDays: 'Skriv et helt antall dager, 0 til 30',
} as const;
