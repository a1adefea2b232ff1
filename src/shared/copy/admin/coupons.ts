import type { Plan } from '#shared/constants';
import { formatOre } from '#shared/money';

const planName: Record<Plan, string> = { monthly: 'månedlig', yearly: 'årlig' };

/** The admin's discount codes (/admin/rabattkoder). */
export const adminCoupons = {
  title: 'Rabattkoder',
  intro:
    'Koder kjøpere skriver inn i kassen: prosent eller kroner av listeprisen, for første periode eller flere. Etter rabattperiodene fornyes abonnementet til listepris. En kode kan brukes én gang per person.',
  listTitle: 'Kodene',
  empty: 'Ingen rabattkoder ennå.',
  newTitle: 'Ny rabattkode',
  code: 'Kode',
  codeHint: 'Bokstaver, tall, - og _. Store og små bokstaver er det samme.',
  kind: 'Rabatt',
  percent: 'Prosent',
  amount: 'Kroner',
  percentOff: 'Prosent av listeprisen',
  amountOff: 'Kroner av listeprisen (inkl. mva)',
  plans: 'Gjelder for',
  both: 'Begge planene',
  planName,
  periods: 'Antall perioder med rabatt',
  periodsHint: 'Første periode teller med. Etter dette fornyes det til listepris.',
  startsAt: 'Gyldig fra (valgfritt)',
  endsAt: 'Gyldig til (valgfritt)',
  maxRedemptions: 'Maks antall bruk totalt (valgfritt)',
  newMembersOnly: 'Bare for nye medlemmer (som aldri har hatt abonnement)',
  create: 'Lag rabattkode',
  creating: 'Lagrer …',
  created: (code: string) => `Rabattkoden ${code} er laget`,
  saveFailed: 'Kunne ikke lagre rabattkoden',
  loading: 'Henter rabattkodene …',
  loadFailed: 'Kunne ikke hente rabattkodene',
  retry: 'Prøv igjen',
  discount: (c: { percentOff: number | null; amountOffNok: number | null }) =>
    c.percentOff !== null ? `${c.percentOff} %` : formatOre((c.amountOffNok ?? 0) * 100),
  periodsText: (n: number) => (n === 1 ? 'første periode' : `${n} perioder`),
  plansText: (plans: readonly Plan[]) => (plans.length === 2 ? 'begge planer' : planName[plans[0]!]),
  used: (n: number, max: number | null) => (max === null ? `${n} brukt` : `${n} av ${max} brukt`),
  revenue: 'Inntekt',
  status: 'Status',
  active: 'Aktiv',
  inactive: 'Av',
  newMembers: 'Nye medlemmer',
  deactivate: 'Slå av',
  activate: 'Slå på',
  columns: {
    code: 'Kode',
    discount: 'Rabatt',
    scope: 'Gjelder',
    validity: 'Gyldig',
    used: 'Brukt',
    revenue: 'Inntekt',
    actions: 'Handling',
  },
  always: 'Alltid',
  validRange: (from: string | null, to: string | null) => `${from ?? '–'} til ${to ?? '–'}`,
} as const;

/** Validation messages of the coupon form (shared by the browser and the server). */
export const couponValidation = {
  code: 'Koden må være 2–40 tegn: bokstaver, tall, - og _.',
  oneDiscount: 'Velg enten prosent eller kroner, ikke begge.',
  percent: 'Prosent må være et helt tall fra 1 til 99.',
  amount: 'Kroner må være et helt tall fra 1 til 10 000.',
  plans: 'Velg minst én plan.',
  periods: 'Antall perioder må være et helt tall fra 1 til 24.',
  maxRedemptions: 'Maks antall bruk må være et helt tall fra 1.',
  date: 'Ugyldig dato.',
  endsBeforeStart: 'Sluttdatoen må være etter startdatoen.',
  notFound: 'Fant ikke rabattkoden.',
  codeTaken: 'Det finnes allerede en rabattkode med den koden.',
} as const;
