/** Norwegian text of the content manager (Innhold). Product texts are the product owner's wording, letter for letter. */

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('nb-NO')} ${n === 1 ? one : many}`;

export const adminContent = {
  title: 'Innhold',
  intro: 'Moduler og leksjoner i guiden. Utkast ser bare administratorer; publisert innhold vises for brukerne med en gang.',
  previewAsUser: 'Forhåndsvis som bruker',
  previewAsUserHint: 'Åpner guiden slik en gratisbruker ser den, i en ny fane',

  // Drafts and publishing
  status: { draft: 'Utkast', published: 'Publisert' },
  scheduled: (when: string) => `Publiseres ${when}`,
  publication: {
    status: 'Status',
    statusHint: 'Et utkast vises bare for administratorer.',
    publishAt: 'Publiser fra (norsk tid)',
    publishAtHint: 'La stå tomt for å publisere med en gang.',
  },

  // Reordering
  moveUp: (title: string) => `Flytt ${title} opp`,
  moveDown: (title: string) => `Flytt ${title} ned`,
  dragHandle: (title: string) => `Dra for å flytte ${title}`,
  moved: (title: string, place: number, count: number) => `${title} er flyttet til plass ${place} av ${count}.`,
  reorderSaved: 'Rekkefølgen er lagret.',
  reorderFailed: 'Kunne ikke lagre rekkefølgen. Prøv igjen.',
  reorderHint: 'Dra en rad, eller bruk pilknappene, for å endre rekkefølgen.',
  loading: 'Laster moduler...',
  loadFailed: 'Kunne ikke laste modulene.',
  retry: 'Prøv igjen',
  modulesTitle: 'Moduler',
  noModules: 'Ingen moduler ennå. Opprett den første med «Ny modul».',
  newModule: 'Ny modul',
  orderBadge: (n: number) => `#${n}`,
  lessonCount: (n: number) => plural(n, 'leksjon', 'leksjoner'),
  premium: 'Premium',
  editModuleLabel: (title: string) => `Rediger ${title}`,
  deleteModuleLabel: (title: string) => `Slett ${title}`,

  tabs: { lessons: 'Leksjoner', settings: 'Innstillinger', stats: 'Statistikk' },

  // Lessons tab
  newLesson: 'Ny leksjon',
  noLessons: 'Ingen leksjoner enda',
  minutes: (n: number) => `${n} min`,
  completedBy: (n: number) => `${n.toLocaleString('nb-NO')} har fullført`,
  editLessonLabel: (title: string) => `Rediger ${title}`,
  deleteLessonLabel: (title: string) => `Slett ${title}`,

  // Settings tab
  settingsIntro: 'Endringene lagres med en gang.',
  premiumSwitch: 'Premium-modul',
  premiumSwitchHint: 'Bare Premium-brukere kan åpne modulen.',
  orderField: 'Rekkefølge',
  orderHint: 'Lavest vises først. Lagres når du forlater feltet eller trykker Enter.',
  saving: 'Lagrer...',
  saved: 'Lagret',

  // Statistics tab
  statsIntro: 'Beregnet fra brukernes fullførte leksjoner.',
  completionRate: 'Fullføringsgrad',
  completionRateHint: (done: number, learners: number) => `${done} av ${learners} som har startet, har fullført`,
  averageProgress: 'Gjennomsnittlig fremgang',
  averageProgressHint: 'Blant brukerne som har startet modulen',
  activeLearners: 'Aktive deltakere',
  activeLearnersHint: 'Fullførte en leksjon de siste 7 dagene',
  noLearners: 'Ingen har startet denne modulen ennå.',
  percent: (n: number) => `${n} %`,

  // Module dialog
  newModuleTitle: 'Ny modul',
  editModuleTitle: 'Rediger modul',
  saveModule: 'Lagre modul',
  moduleFields: {
    title: 'Tittel',
    id: 'ID (brukes i adressen)',
    idHint: (path: string) => `Modulen får adressen ${path}`,
    description: 'Beskrivelse',
    icon: 'Ikon (emoji)',
    color: 'Farge',
    order: 'Rekkefølge',
    isPremium: 'Premium-modul',
  },
  colors: {
    'from-gray-500 to-gray-600': 'Grå',
    'from-orange-500 to-amber-500': 'Oransje',
    'from-blue-500 to-cyan-500': 'Blå',
    'from-purple-500 to-pink-500': 'Lilla og rosa',
    'from-green-500 to-emerald-500': 'Grønn',
    'from-yellow-500 to-orange-500': 'Gul og oransje',
    'from-indigo-500 to-purple-500': 'Indigo',
    'from-red-500 to-rose-500': 'Rød',
  },
  noColor: 'Ingen farge',

  // Lesson dialog
  newLessonTitle: 'Ny leksjon',
  editLessonTitle: 'Rediger leksjon',
  saveLesson: 'Lagre leksjon',
  lessonFields: {
    title: 'Tittel',
    description: 'Beskrivelse',
    content: 'Innhold (Markdown)',
    contentHint: 'Overskrifter med ##, **fet**, lister med -, lenker med [tekst](https://…).',
    preview: 'Forhåndsvisning',
    previewEmpty: 'Innhold kommer snart...',
    order: 'Rekkefølge',
    type: 'Type',
    isPremium: 'Premium-leksjon',
    duration: 'Varighet i minutter',
    durationHint: 'La stå tomt hvis du ikke vil vise varighet.',
    resources: 'Ressurser',
    resourceTitle: 'Tittel',
    resourceUrl: 'Lenke (valgfri)',
    addResource: 'Legg til ressurs',
    removeResource: (n: number) => `Fjern ressurs ${n}`,
    resourceLegend: (n: number) => `Ressurs ${n}`,
    noResources: 'Ingen ressurser.',
    videoUrl: 'Video (valgfri)',
    videoUrlHint: 'Lenke til YouTube, Vimeo, Cloudflare Stream eller en MP4- eller HLS-fil.',
    transcript: 'Tekst til videoen (Markdown, valgfri)',
    transcriptHint: 'Teksting eller utskrift vises under videoen.',
    uploadFile: 'Last opp fil',
    replaceFile: 'Bytt fil',
    uploadHint: 'PDF, Word, Excel, PowerPoint, CSV, tekst, PNG eller JPG, høyst 10 MB.',
    uploading: (percent: number) => `Laster opp … ${percent} %`,
    uploaded: (name: string) => `Lastet opp: ${name}`,
    attachedFile: 'Fil lagt ved',
    removeFile: 'Fjern filen',
    uploadFailed: 'Kunne ikke laste opp filen. Prøv igjen.',
  },
  lessonTypes: { text: 'Tekst', video: 'Video', interactive: 'Interaktiv', 'ai-prompt': 'AI-prompt' },

  // Deleting
  deleteModuleTitle: 'Slett modul?',
  deleteModuleText: (title: string, lessons: number) =>
    `Modulen «${title}» og ${plural(lessons, 'leksjon', 'leksjoner')} slettes permanent.`,
  deleteModuleProgress: (learners: number) =>
    ` Fremgangen til ${plural(learners, 'deltaker', 'deltakere')} som har fullført leksjoner i modulen, blir også slettet.`,
  deleteLessonTitle: 'Slett leksjon?',
  deleteLessonText: (title: string) => `Leksjonen «${title}» slettes permanent.`,
  deleteLessonProgress: (learners: number) =>
    ` ${plural(learners, 'deltaker', 'deltakere')} har fullført den, og den fremgangen blir også slettet.`,
  delete: 'Slett',

  // Toasts
  moduleCreated: 'Modul opprettet',
  moduleUpdated: 'Modul oppdatert',
  moduleDeleted: 'Modul slettet',
  lessonCreated: 'Leksjon opprettet',
  lessonUpdated: 'Leksjon oppdatert',
  lessonDeleted: 'Leksjon slettet',
  saveFailedTitle: 'Feil ved lagring',
  moduleSaveFailed: 'Kunne ikke lagre modul. Prøv igjen.',
  lessonSaveFailed: 'Kunne ikke lagre leksjon. Prøv igjen.',
  deleteFailedTitle: 'Feil',
  moduleDeleteFailed: 'Kunne ikke slette modul. Prøv igjen.',
  lessonDeleteFailed: 'Kunne ikke slette leksjon. Prøv igjen.',
} as const;

/** Validation messages of the content contracts (shown beside the fields, and in the API's 400s). */
export const contentValidation = {
  titleRequired: 'Skriv inn en tittel',
  titleTooLong: 'Tittelen kan ha høyst 120 tegn',
  descriptionTooLong: 'Beskrivelsen kan ha høyst 2000 tegn',
  contentTooLong: 'Innholdet kan ha høyst 50 000 tegn',
  idInvalid: 'ID-en kan bare ha små bokstaver a–z, tall og bindestreker',
  // The limit counts code units, so one composed emoji (👩‍💻) fits and a word does not.
  iconTooLong: 'Ikonet kan være én emoji',
  colorUnknown: 'Velg en av fargene i listen',
  orderInteger: 'Rekkefølgen må være et helt tall',
  orderMin: 'Rekkefølgen må være 1 eller høyere',
  orderMax: 'Rekkefølgen kan være høyst 999',
  booleanRequired: 'Må være på eller av',
  typeUnknown: 'Velg tekst, video, interaktiv eller AI-prompt',
  durationInteger: 'Varigheten må være et helt antall minutter',
  durationMin: 'Varigheten må være minst 1 minutt',
  durationMax: 'Varigheten kan være høyst 600 minutter',
  resourceTitleRequired: 'Skriv inn en tittel på ressursen',
  resourceUrlInvalid: 'Lenken må begynne med https:// eller http://',
  resourcesTooMany: 'Høyst 20 ressurser per leksjon',
  statusUnknown: 'Velg utkast eller publisert',
  publishAtInvalid: 'Skriv inn dato og klokkeslett for publisering',
  videoUrlInvalid:
    'Videoen må være en https-lenke til YouTube, Vimeo, Cloudflare Stream eller en MP4- eller HLS-fil (.mp4 eller .m3u8)',
  transcriptTooLong: 'Teksten til videoen kan ha høyst 100 000 tegn',
  resourceFileInvalid: 'Filen finnes ikke. Last den opp på nytt.',
  reorderInvalid: 'Rekkefølgen må nevne hver modul eller leksjon nøyaktig én gang.',
  moduleNotFound: 'Fant ikke modulen.',
  lessonNotFound: 'Fant ikke leksjonen.',
  moduleIdTaken: (id: string) => `Det finnes allerede en modul med ID-en «${id}».`,
  lessonIdTaken: (id: string) => `Det finnes allerede en leksjon med ID-en «${id}».`,
} as const;
