/**
 * Norwegian text of the admin's overview, revenue and gamification sections (features/admin/dashboard,
 * features/admin/mail). Product texts are the product owner's wording, letter for letter.
 */

export const adminOverview = {
  title: 'Oversikt',
  intro: 'Nøkkeltall for Soloprenør, hentet fra databasen nå.',
  loadFailed: 'Kunne ikke laste oversikten.',
  retry: 'Prøv igjen',
  users: 'Brukere totalt',
  activeLast7: (n: number) => `${n} aktive siste 7 dager`,
  premium: 'Premium-brukere',
  premiumShare: (percent: number) => `${percent} % av alle brukere`,
  modules: 'Moduler',
  premiumModules: (n: number) => `${n} med Premium-innhold`,
  mrr: 'MRR',
  mrrHint: 'Månedlig gjentakende inntekt fra aktive abonnement',
  failedMail: {
    title: 'E-post som ikke kom fram',
    intro: 'E-post vi ga opp etter et døgn med nye forsøk, eller innloggingslenker som gikk ut før de kunne sendes.',
    count: (n: number) => (n === 1 ? '1 e-post har feilet' : `${n} e-poster har feilet`),
    none: 'Ingen e-post har feilet.',
    loadFailed: 'Kunne ikke laste feilede e-poster.',
    to: 'Mottaker',
    subject: 'Emne',
    error: 'Siste feil',
    when: 'Gitt opp',
  },
  activityTitle: 'Nylig aktivitet',
  activityEmpty: 'Ingen aktivitet ennå.',
  activity: {
    signup: (who: string) => `${who} opprettet konto`,
    login: (who: string) => `${who} logget inn`,
    lead: (who: string) => `${who} meldte seg på for gratis guide`,
    lesson: (who: string, lesson: string) => `${who} fullførte «${lesson}»`,
    upgrade: (who: string, plan: string) => `${who} oppgraderte til ${plan}`,
  },
  deletedUser: 'Slettet bruker',
} as const;

export const adminGamification = {
  title: 'Gamification',
  intro: 'Poengene (XP) og utmerkelsene guiden deler ut.',
  rulesTitle: 'XP-regler',
  achievementsTitle: 'Utmerkelser',
  xp: (n: number) => `${n} XP`,
} as const;

export const adminRevenue = {
  title: 'Inntekter',
  intro: 'Abonnementer og betalinger registrert i databasen, i norske kroner.',
  loadFailed: 'Kunne ikke laste inntekter.',
  mrr: 'MRR',
  mrrHint: 'Aktive abonnement: månedlig pris, årlig pris delt på 12',
  subscriptions: (monthly: number, yearly: number) =>
    `${monthly} ${monthly === 1 ? 'månedlig' : 'månedlige'} og ${yearly} ${yearly === 1 ? 'årlig' : 'årlige'} abonnement`,
  totalPaid: 'Betalt totalt',
  paidHint: (n: number, refunded: string) => `${n === 1 ? '1 betaling' : `${n} betalinger`}, ${refunded} refundert`,
  monthsTitle: 'Betalt og refundert per måned',
  month: 'Måned',
  count: 'Betalinger',
  gross: 'Betalt',
  refundsColumn: 'Refundert',
  net: 'Netto',
  emptyTitle: 'Ingen betalinger ennå',
  emptyText: 'Når noen oppgraderer til Premium, vises betalingene her per måned.',
  renewalsDue: 'Fornyelser neste 30 dager',
  renewalsDueHint: (amount: string) => `Forventet ${amount}`,
  failedRenewals: 'Mislykkede fornyelser',
  cancellations: 'Oppsigelser',
  refunds: 'Refusjoner',
  last30: 'Siste 30 dager',
  refundsHint: (amount: string) => `${amount} siste 30 dager`,
} as const;
