import { GUARANTEE_DAYS, PRICES_NOK, type Plan } from '#shared/constants';
import { yearlySavingNok } from '#shared/pricing';

export const kr = (n: number) => `${n.toLocaleString('nb-NO')} kr`;
const saving = yearlySavingNok(PRICES_NOK.monthly, PRICES_NOK.yearly);

/** The public pricing page /priser and its checkout (/priser/kasse): every price from PRICES_NOK. */
export const pricingPage = {
  title: 'Priser for Premium',
  description: `Soloprenør Premium koster ${kr(PRICES_NOK.monthly)} i måneden eller ${kr(PRICES_NOK.yearly)} i året, inkl. mva. Samme innhold i begge planene, ${GUARANTEE_DAYS} dagers pengene-tilbake-garanti.`,
  eyebrow: 'Priser',
  heading: 'Hele guiden, med Premium',
  intro:
    'Den gratis guiden er din uansett. Premium åpner resten. Begge planene gir nøyaktig det samme – du velger bare hvor ofte du betaler.',
  plans: {
    monthly: { name: 'Månedlig', price: kr(PRICES_NOK.monthly), per: 'per måned', note: 'Betal én måned av gangen.' },
    yearly: {
      name: 'Årlig',
      price: kr(PRICES_NOK.yearly),
      per: 'per år',
      note: `Du sparer ${kr(saving)} i året mot tolv månedlige betalinger.`,
    },
  } satisfies Record<Plan, { name: string; price: string; per: string; note: string }>,
  vat: 'inkl. mva.',
  choose: { monthly: 'Velg månedlig', yearly: 'Velg årlig' } satisfies Record<Plan, string>,
  includesTitle: 'Dette får du med Premium',
  includes: [
    'Alle Premium-modulene, blant annet salg, automatisering og skalering',
    'Master Class-leksjonene i de gratis modulene',
    'Åpne modulene i den rekkefølgen du vil – vi viser hva vi anbefaler som neste',
    'Alt som kommer til i guiden mens du har Premium',
  ],
  guaranteeTitle: `${GUARANTEE_DAYS} dagers pengene-tilbake-garanti`,
  guaranteeText: `Er du ikke fornøyd, får du hele beløpet tilbake hvis du ber om det innen ${GUARANTEE_DAYS} dager.`,
  renewal:
    'Abonnementet fornyes automatisk når perioden er over, til samme pris med mindre vi har varslet deg om en endring minst 30 dager før.',
  /** The renewal after a lower first price (a welcome offer, a code, a member's link): the price it goes up to. */
  renewalAfterOffer: (list: string, per: string) =>
    `Når tilbudsprisen er over, fornyes abonnementet automatisk til ${list} ${per}, med mindre vi har varslet deg om en endring minst 30 dager før.`,
  cancellation: 'Du sier opp når du vil under Profil i guiden, og beholder Premium ut perioden du har betalt for.',
  faqTitle: 'Spørsmål om betaling',
  faq: [
    {
      category: 'Betaling',
      question: 'Hvordan betaler jeg?',
      answer:
        'Med kort eller Vipps, der det tilbys. Du trenger ingen konto først: skriv inn e-postadressen din, så lager vi kontoen når du betaler.',
    },
    {
      category: 'Betaling',
      question: 'Er prisen inkludert mva.?',
      answer: 'Ja. Prisene er inkludert 25 % merverdiavgift, og du får kvittering med mva. på e-post for hver betaling.',
    },
    {
      category: 'Abonnement',
      question: 'Hva skjer når perioden er over?',
      answer:
        'Abonnementet fornyes automatisk til samme pris. Sier du opp, beholder du Premium til perioden er over, og ingenting mer trekkes.',
    },
    {
      category: 'Garanti',
      question: 'Kan jeg få pengene tilbake?',
      answer: `Ja. Ber du om det innen ${GUARANTEE_DAYS} dager, får du hele beløpet tilbake – skriv til oss, så ordner vi det.`,
    },
  ],
  seePricing: 'Se priser for Premium',
  /** The signed-in wizard's first step names the price before anything else is asked. */
  listPrices: `Premium koster ${kr(PRICES_NOK.monthly)} i måneden eller ${kr(PRICES_NOK.yearly)} i året, inkl. mva.`,
  productName: 'Soloprenør Premium',
} as const;

/** Step 2 of the public checkout: the address, the consent, the way to pay. */
export const checkoutPage = {
  title: 'Kjøp Premium',
  stepOf: (n: number) => `Steg ${n} av 2`,
  heading: 'Nesten ferdig',
  intro: 'Skriv inn e-postadressen din. Har du ikke konto, lager vi den når du betaler.',
  changePlan: 'Bytt plan',
  emailLabel: 'E-postadresse',
  pay: 'Betal',
  paying: 'Behandler …',
  summary: (plan: string, price: string, per: string) => `${plan}: ${price} inkl. mva. ${per}`,
  /** The admin's welcome offer, as a new member gets it: the first period lower, then the list price. */
  welcomeSummary: (plan: string, offer: number, list: number, period: string, per: string) =>
    `${plan}: ${kr(offer)} inkl. mva. ${period}, deretter ${kr(list)} ${per}`,
  welcomeNote: 'Velkomsttilbud for nye medlemmer. Har du hatt konto en stund, gjelder vanlig pris.',
  firstPeriod: { monthly: 'første måned', yearly: 'første år' } satisfies Record<Plan, string>,
  /** The server charges another price than the page showed (POST /api/checkout answers 409): nothing was charged. */
  priceForYou: (price: number) =>
    `Prisen for deg er ${kr(price)} inkl. mva. Ingenting er trukket. Se over beløpet og trykk Betal på nytt.`,
  paidTitle: 'Takk! Du har Premium',
  paidSignedIn:
    'Vi har sendt kvittering og en innloggingslenke til e-postadressen din. Bruk lenken innen et døgn for å beholde tilgangen på denne enheten.',
  toGuide: 'Gå til guiden',
  paidExisting:
    'Adressen har allerede en konto, og Premium er lagt til den. Logg inn med lenken eller koden vi har sendt til e-postadressen din.',
  toLogin: 'Logg inn',
  error: 'Betalingen ble ikke gjennomført. Prøv igjen.',
} as const;
