/** Norwegian UI text of /premium. Product texts are the product owner's wording, letter for letter. */
import { GUARANTEE_DAYS, PRICES_NOK, type Plan } from '#shared/constants';
import type { PublicCampaign } from '#shared/schemas/premium';
import type { TimeLeft } from '#shared/time';
import { campaign, campaignDefaults } from '#shared/copy/premium/campaign';

const nok = (amount: number) => `${amount} NOK`;
const pad = (n: number) => String(n).padStart(2, '0');
const unit = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The plans by name, wherever a plan is named: checkout, the guide's badge, the admin's activity. */
export const planNames = { monthly: 'Premium månedlig', yearly: 'Premium årlig' } satisfies Record<Plan, string>;

export const premium = {
  pageTitle: 'Premium',
  pageDescription: 'Oppgrader til Soloprenør Premium og få tilgang til alle moduler, AI-verktøy og maler.',
  steps: ['Velkommen', 'Funksjoner', 'Prising', 'Bekreft'],
  progressLabel: 'Steg i oppgraderingen',
  stepDone: '(fullført)',
  stepCurrent: '(nå)',

  header: {
    toGuide: 'Til guiden',
    spotsLeft: campaign.spotsLeft,
    offerEnds: 'Tilbudet utløper om',
  },

  countdown: {
    /** Days, then hh:mm:ss (the countdown chip). */
    short: (t: TimeLeft) => `${t.days}d ${pad(t.hours)}:${pad(t.minutes)}:${pad(t.seconds)}`,
    /** For screen readers, without the seconds that change every tick. */
    spoken: (t: TimeLeft) =>
      `${unit(t.days, 'dag', 'dager')}, ${unit(t.hours, 'time', 'timer')} og ${unit(t.minutes, 'minutt', 'minutter')}`,
  },

  guard: {
    checkingAuth: 'Sjekker innlogging...',
    loginTitle: 'Logg inn for å fortsette',
    loginText: 'Du må være logget inn for å oppgradere til Premium. Vi sender deg tilbake hit etterpå.',
    loginButton: 'Logg inn',
    checkingPremium: 'Sjekker premium-status...',
    alreadyTitle: 'Du er allerede Premium!',
    alreadyText: 'Du har allerede tilgang til alt innholdet i guiden.',
    toGuide: 'Gå til guiden',
  },

  welcome: {
    /** Only for a campaign with a real reduction (its percentage against a price the plan really had). */
    badge: (percent: number, plan: Plan) => `Tilbud: ${percent} % rabatt første ${plan === 'yearly' ? 'år' : 'måned'}`,
    socialProof: (n: number) => `${n} soloprenører`,
    socialProofRest: 'har allerede startet med guiden',
    viewers: (n: number) => `${n} ser på dette nå`,
    trustLabel: 'Trygt kjøp',
    trust: ['Sikker betaling', `${GUARANTEE_DAYS} dagers garanti`, 'SSL-kryptert'],
  },

  features: {
    title: 'Dette får du med Premium',
    intro: 'Åpne en funksjon for å se hva som er inkludert.',
    back: 'Tilbake',
    next: 'Se priser',
  },

  pricing: {
    title: 'Velg din plan',
    intro: 'Samme innhold i begge planene. Med årsplanen betaler du mindre.',
    periodLabel: 'Betalingsperiode',
    monthly: 'Månedlig',
    yearly: 'Årlig',
    yearlyBadge: (months: number) => `Spar ${months} mnd`,
    perMonth: 'NOK/mnd inkl. mva',
    perYear: 'NOK/år inkl. mva',
    /** '12 × 399 NOK = 4788 NOK i året': a sum, not a before price, so nothing is struck through. */
    monthlyYear: (price: number) => `12 × ${nok(price)} = ${nok(12 * price)} i året`,
    monthlyPoints: ['Full tilgang til alt Premium-innhold', 'Betal for én måned om gangen'],
    /** Only on the plan with the most real sales (POPULAR_MIN_SALES; docs/decisions/0040). */
    mostPopular: 'Mest populær',
    /** A welcome offer's price: a price of its own for new members, not a reduction of a struck-through price. */
    welcomePrice: 'Velkomstpris for nye medlemmer',
    originalPrice: (amount: number) => `Før ${nok(amount)}`,
    youSave: (amount: number) => `Du sparer ${nok(amount)} i året mot å betale månedlig`,
    monthsFree: (months: number) => `${months} måneder gratis mot 12 × månedlig`,
    yearlyPoints: ['Prioritert support', 'Bonuser: ekstra maler og promptbibliotek'],
    renewal: campaign.renewal,
    periodWord: { monthly: 'måned', yearly: 'år' } satisfies Record<Plan, string>,
    selected: 'Valgt',
    choose: (plan: string) => `Velg ${plan}`,
    testimonialsTitle: 'Hva andre soloprenører sier',
    rating: (n: number) => `${n} av 5 stjerner`,
    back: 'Tilbake',
    next: 'Fullfør oppgradering',
  },

  confirm: {
    title: 'Nesten ferdig!',
    intro: 'Se over bestillingen før du betaler.',
    countdown: 'Tilbudet utløper om',
    summaryTitle: 'Ordresammendrag',
    plan: 'Plan',
    price: 'Pris',
    discount: (percent: number) => `Rabatt (−${percent} %)`,
    total: 'Totalt inkl. mva',
    amount: nok,
    deduction: (amount: number) => `−${nok(amount)}`,
    guaranteeTitle: `${GUARANTEE_DAYS} dagers pengene-tilbake-garanti`,
    guaranteeText: `Er du ikke fornøyd, får du hele beløpet tilbake hvis du ber om det innen ${GUARANTEE_DAYS} dager.`,
    pay: 'Bekreft og betal',
    processing: 'Behandler...',
    providerNote: 'Betalingen går trygt gjennom vår kortbetalingsleverandør. Vi ser aldri kortnummeret ditt.',
  },

  testMode: {
    label: 'Testmodus',
    text: 'Ingen betaling gjennomføres og ingen kort belastes. Premium aktiveres med en gang.',
  },

  planNames,

  success: {
    title: 'Velkommen til Premium! 🎉',
    text: 'Du har nå tilgang til alt eksklusivt innhold.',
    redirecting: 'Du sendes videre til guiden om et øyeblikk.',
    toGuide: 'Gå til guiden nå',
  },

  error: {
    title: 'Noe gikk galt',
    fallback: 'Kunne ikke oppgradere til premium. Prøv igjen.',
  },

  checkout: {
    confirming: 'Bekrefter betalingen...',
    confirmingText: 'Vi venter på bekreftelse fra betalingsleverandøren. Det tar som regel bare noen sekunder.',
    pendingTitle: 'Betalingen er ikke bekreftet ennå',
    pendingText:
      'Vi har ikke fått bekreftelsen fra betalingsleverandøren ennå. Premium aktiveres automatisk så snart den kommer. Du trekkes aldri mer enn én gang.',
    checkAgain: 'Sjekk igjen',
    cancelled: 'Betalingen ble avbrutt, og ingenting er trukket. Du kan prøve igjen når du vil.',
  },
} as const;

/**
 * The built-in campaign the screen falls back to when the active campaign cannot be loaded
 * (the product's default campaign: 'Premium-tilgang', 'Oppgrader nå', no countdown; tests/e2e/premium.spec.ts
 * fails the campaign's request and finds it).
 */
export const fallbackCampaign: PublicCampaign = {
  ...campaignDefaults,
  id: 'default',
  subtitle: '',
  features: [
    {
      icon: '📚',
      title: 'Alle premium-moduler',
      description: 'Hele guiden, med alle leksjoner og Master Class-fordypninger.',
    },
    {
      icon: '🤖',
      title: 'AI-verktøy og prompter',
      description: 'Ferdige prompter og oppskrifter som gir AI-verktøyene faste roller i bedriften din.',
    },
    {
      icon: '📋',
      title: 'Maler',
      description: 'Sjekklister, regneark og dokumentmaler du kan bruke med en gang.',
    },
  ],
  // The yearly plan at its list price: this fallback claims no discount.
  pricing: { original: PRICES_NOK.yearly, discounted: null, currency: 'NOK', period: 'år' },
  discount: 0,
  plan: 'yearly',
  renewalPrice: PRICES_NOK.yearly,
  // No end: no countdown (docs/decisions/0040).
  urgencyType: null,
  urgencyValue: '',
  testimonials: [],
  isActive: true,
  createdAt: '2025-02-03T00:00:00.000Z',
  updatedAt: '2025-02-03T00:00:00.000Z',
};
