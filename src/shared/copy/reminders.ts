/** Norwegian text of the learner's reminders: the profile's switch, the mails and the turn-off page. */
export const reminders = {
  /** The profile's section. */
  title: 'Påminnelser på e-post',
  label: 'Påminnelser på e-post',
  hint: 'Høyst én e-post om dagen, på kvelden: når streaken din ender i kveld, eller når det kommer en ny leksjon i en modul du har begynt på.',
  on: 'Du får påminnelser på e-post',
  off: 'Påminnelser på e-post er slått av',
  failed: 'Kunne ikke lagre valget ditt.',
  errorTitle: 'Noe gikk galt',
  choiceRequired: 'Velg om du vil ha påminnelser eller ikke.',
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
