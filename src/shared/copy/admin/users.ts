/**
 * Norwegian text of the admin's user list, editor and actions. Product texts are the product owner's wording, letter
 * for letter.
 */
import { dataExport, depthLevels } from '#shared/copy/account';
import { adminShell } from '#shared/copy/admin';

export const adminUsers = {
  title: 'Brukere',
  userNotFound: 'Fant ikke brukeren.',
  intro: 'Søk, rediger og administrer brukerkontoer.',
  searchHint: 'Skriv minst tre tegn.',
  searchLabel: 'Søk etter e-post eller navn',
  searchPlaceholder: 'navn@firma.no eller navn',
  count: (n: number) => (n === 1 ? '1 bruker' : `${n.toLocaleString('nb-NO')} brukere`),
  loading: 'Laster brukere...',
  loadFailed: 'Kunne ikke laste brukere.',
  empty: 'Ingen brukere funnet.',
  columns: { user: 'Bruker', status: 'Status', lastLogin: 'Sist innlogget', actions: 'Handlinger' },
  never: 'Aldri',
  noName: 'Uten navn',
  badgePremium: 'Premium',
  badgeOnboarded: 'Onboarded',
  badgeInactive: 'Deaktivert',
  pagination: 'Sider',
  previous: 'Forrige',
  next: 'Neste',
  pageOf: (page: number, pages: number) => `Side ${page} av ${pages}`,
  actions: {
    grantPremium: 'Gi Premium',
    revokePremium: 'Fjern Premium',
    edit: 'Rediger',
    resetProgress: 'Nullstill fremgang',
    sendLink: 'Send ny innloggingslenke',
    export: 'Eksporter data',
    delete: 'Slett',
    more: (name: string) => `Flere handlinger for ${name}`,
  },
  premiumFor: (label: string, name: string) => `${label}: ${name}`,
  statusUpdated: 'Status oppdatert',
  userUpdated: 'Bruker oppdatert',
  userDeleted: 'Bruker slettet',
  progressReset: 'Fremgang nullstilt',
  linkSent: 'Innloggingslenke sendt',
  linkSentTo: (email: string) => `En ny innloggingslenke er sendt til ${email}.`,
  exported: dataExport.done,
  exportedFile: dataExport.savedAs,
  errorTitle: 'Feil',
  deleteFailed: 'Kunne ikke slette bruker.',
  updateFailed: 'Kunne ikke oppdatere bruker.',
  linkFailed: 'Kunne ikke sende innloggingslenke.',
  resetFailed: 'Kunne ikke nullstille fremgang.',
  exportFailed: dataExport.failed,
  deleteTitle: 'Slett bruker?',
  deleteConfirm: (name: string, email: string) =>
    `Dette vil permanent slette brukeren ${name} (${email}) og all tilhørende data.`,
  deleteAction: 'Slett bruker',
  resetTitle: 'Nullstill fremgang?',
  resetConfirm: (name: string) =>
    `Er du sikker på at du vil nullstille fremgangen for ${name}? Fullførte leksjoner, streak, XP og utmerkelser slettes.`,
  resetAction: 'Nullstill',
  removePremiumTitle: 'Ta bort Premium?',
  /** A paying user's Premium: the plan and, when it has one, the date it runs to ('25. november 2027'). */
  removePaidPremiumConfirm: (name: string, plan: 'yearly' | 'monthly', until: string | null) =>
    `${name} har betalt for Premium (${plan === 'yearly' ? 'årlig' : 'månedlig'}${until ? `, til ${until}` : ''}). Vil du likevel ta bort Premium?`,
  removeGrantedPremiumConfirm: (name: string) =>
    `${name} fikk Premium av en admin, ikke ved betaling. Vil du ta bort Premium? Det kan gis tilbake når som helst.`,
  removePremiumAction: 'Ta bort Premium',
  editTitle: 'Rediger bruker',
  save: 'Lagre endringer',
  saving: 'Lagrer...',
  fields: {
    firstName: 'Navn',
    email: 'E-post',
    phone: 'Telefon',
    isActive: 'Aktiv',
    isPremium: 'Premium',
    role: 'Rolle',
    onboardingCompleted: 'Onboarding fullført',
    depthLevel: 'Nivå',
    adminNotes: 'Notater (kun synlig for admin)',
  },
  /** The roles' Norwegian names (the role select, the user card's badge). */
  roles: adminShell.roles,
  noRole: 'Ingen rolle (vanlig bruker)',
  roleHint:
    'Eier: alt. Administrator: alt unntatt roller og eiere. Redaktør: innhold, spørsmål og utkast til nyhetsbrev. Kundestøtte: brukernes læring, spørsmål og innloggingslenker.',
  depthLevels,
  /** The messages of the users API's schemas. */
  validation: {
    notText: (field: string) => `${field} må være tekst`,
    notOnOff: (field: string) => `${field} må være på eller av`,
    tooLong: (field: string, max: number) => `${field} kan ha høyst ${max} tegn`,
    notesField: 'Notatene',
    phoneInvalid: 'Ugyldig telefonnummer',
    roleInvalid: 'Ugyldig rolle: velg eier, administrator, redaktør, kundestøtte eller ingen',
    searchTooLong: 'Søket er for langt',
    searchTooShort: 'Skriv minst tre tegn for å søke.',
    pageInvalid: 'Ugyldig side',
    pageSizeInvalid: 'Ugyldig sidestørrelse',
  },
} as const;
