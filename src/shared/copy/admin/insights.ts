/** Norwegian text of the admin's Innsikt: the funnel, the subscriptions and the cohorts, each a chart with its table and CSV. */

export const adminInsights = {
  title: 'Innsikt',
  intro:
    'Hvordan besøkende blir leads, brukere og Premium-kunder, uke for uke, og hvordan abonnementene utvikler seg. Tallene telles på egen server, uten informasjonskapsler.',
  loading: 'Laster tall...',
  loadFailed: 'Kunne ikke laste tallene.',
  showTable: 'Vis tabell',
  hideTable: 'Skjul tabell',
  download: 'Last ned CSV',
  none: '–',
  funnel: {
    title: 'Trakten per uke',
    description: (weeks: number, source: string | null) =>
      `Besøk, leads, bekreftede, første leksjon og Premium per uke de siste ${weeks} ukene${source ? `, for UTM-kilden «${source}»` : ''}.`,
    sourceLabel: 'UTM-kilde',
    allSources: 'Alle kilder',
    sourceHint: 'Kilden leadet kom fra første gang.',
    week: 'Uke',
    weekLabel: (week: string) => `Uke ${Number(week.slice(6))}`,
    series: {
      visitors: 'Besøk',
      leads: 'Leads',
      confirmed: 'Bekreftet',
      firstLesson: 'Første leksjon',
      premium: 'Premium',
    },
    fileName: (source: string | null) => (source ? `trakt-${source.replace(/[^\p{L}\p{N}_-]+/gu, '-')}.csv` : 'trakt.csv'),
  },
  subscriptions: {
    title: 'Abonnementer per måned',
    description: (months: number) =>
      `Månedlige inntekter (MRR) ved slutten av hver måned, nye og avsluttede abonnementer og frafall de siste ${months} månedene.`,
    mrrTitle: 'MRR',
    countsTitle: 'Nye og avsluttede',
    countsSummary: (month: string, started: number, ended: number) =>
      `Nye og avsluttede abonnementer per måned; i ${month} ${started} nye og ${ended} avsluttet.`,
    month: 'Måned',
    mrr: 'MRR (kr)',
    started: 'Nye',
    ended: 'Avsluttet',
    churnPct: 'Frafall (%)',
    fileName: 'abonnementer.csv',
  },
  cohorts: {
    title: 'Hvor mange som blir værende',
    description:
      'Andelen av dem som kjøpte Premium i en måned, som fortsatt abonnerer ved slutten av 1., 2. … 12. måned etter kjøpsmåneden.',
    month: 'Kjøpsmåned',
    size: 'Kjøpere',
    after: (k: number) => `${k} mnd`,
    chartLabel: 'Andel som fortsatt abonnerer, per kjøpsmåned og måned etter kjøpet',
    empty: 'Ingen har kjøpt Premium i denne perioden ennå.',
    fileName: 'kohorter.csv',
  },
  scrollLabel: (title: string) => `${title} (kan rulles sideveis)`,
  chartSummary: (label: string, max: string, last: string) => `${label}: høyest ${max}, sist ${last}.`,
  validation: {
    utmTooLong: 'UTM-kilden er for lang',
    weeksInvalid: 'Antall uker må være et helt tall fra 1 til 52',
    monthsInvalid: 'Antall måneder er utenfor det som kan vises',
    unknownSource: (source: string) => `Ingen leads har kommet fra UTM-kilden «${source}».`,
  },
} as const;
