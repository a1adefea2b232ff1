import { SITE_NAME, type Plan } from '#shared/constants';
import { formatDate } from '#shared/money';

const planLabel = { monthly: 'månedsabonnement', yearly: 'årsabonnement' } satisfies Record<Plan, string>;
const periodLabel = { monthly: 'én måned', yearly: 'ett år' } satisfies Record<Plan, string>;

/** The subscription: the profile's section, the receipt page and the checkout's confirm step. */
export const subscription = {
  planLabel,
  /** What a receipt line says it sold. */
  description: (plan: Plan) => `${SITE_NAME} Premium – ${planLabel[plan]}`,
  /** A credit note's description: this, the receipt's number, a dash and the receipt's description. */
  creditPrefix: 'Kreditnota for kvittering nr. ',

  section: {
    title: 'Abonnement',
    none: 'Du har ikke noe abonnement. Med Premium får du tilgang til alle leksjonene.',
    toPremium: 'Se Premium',
    plan: 'Plan',
    status: 'Status',
    statuses: {
      active: 'Aktivt – fornyes automatisk',
      past_due: 'Betalingen feilet – vi prøver igjen',
      canceled: 'Sagt opp',
      expired: 'Avsluttet',
    },
    renews: (date: string) => `Fornyes ${formatDate(date)}`,
    endsAt: (date: string) => `Premium varer til ${formatDate(date)}, og abonnementet fornyes ikke.`,
    endedAt: (date: string) => `Premium tok slutt ${formatDate(date)}.`,
    pastDue: 'Vi fikk ikke trukket fornyelsen. Oppdater betalingskortet hos betalingsleverandøren, så prøver vi igjen.',
    cancel: 'Si opp abonnementet',
    resume: 'Fortsett abonnementet',
    noResume: (date: string) =>
      `Vipps-avtalen er stoppet og kan ikke startes igjen. Du har Premium til ${formatDate(date)}, og kan kjøpe Premium på nytt når du vil.`,
    confirmTextNoResume: 'En stoppet Vipps-avtale kan ikke startes igjen; vil du ha Premium senere, kjøper du på nytt.',
    confirmTitle: 'Si opp abonnementet?',
    confirmText: (date: string) =>
      `Du beholder Premium til ${formatDate(date)}. Etter det fornyes ikke abonnementet, og kontoen går over til gratis tilgang. Fremgangen din blir liggende.`,
    confirmYes: 'Ja, si opp',
    confirmNo: 'Avbryt',
    canceled: (date: string) => `Abonnementet er sagt opp. Du har Premium til ${formatDate(date)}.`,
    resumed: 'Abonnementet fortsetter og fornyes som før.',
    receipts: 'Kvitteringer',
    noReceipts: 'Ingen kvitteringer ennå.',
    receiptLink: (number: number) => `Kvittering nr. ${number}`,
    loadFailed: 'Kunne ikke hente abonnementet. Prøv igjen.',
    changeFailed: 'Kunne ikke endre abonnementet. Prøv igjen.',
  },

  receipt: {
    pageTitle: 'Kvittering',
    title: (number: number) => `Kvittering nr. ${number}`,
    creditTitle: (number: number) => `Kreditnota nr. ${number}`,
    date: 'Dato',
    seller: 'Selger',
    /** Seller registered for VAT ("MVA" after the number) and, as an AS, in Foretaksregisteret (foretaksregisterloven § 10-2). */
    orgNumber: (org: string) => `Org.nr. ${org} MVA`,
    register: 'Foretaksregisteret',
    /** A receipt documents a payment already made: no due date, the payment is the date. */
    paid: (date: string) => `Betalt ${formatDate(date)}`,
    refunded: (date: string) => `Tilbakebetalt ${formatDate(date)}`,
    buyer: 'Kjøper',
    description: 'Beskrivelse',
    period: 'Periode',
    periodRange: (from: string, to: string) => `${formatDate(from)} – ${formatDate(to)}`,
    total: 'Totalt inkl. MVA',
    net: 'Beløp eks. MVA',
    vat: 'MVA 25 %',
    credits: (number: number) => `Krediterer kvittering nr. ${number}`,
    coupon: (code: string) => `Rabattkode ${code}`,
    print: 'Skriv ut',
    back: 'Tilbake til profilen',
    notFound: 'Fant ikke kvitteringen.',
    invalidNumber: 'Ugyldig kvitteringsnummer.',
  },

  /** The checkout's confirm step: what happens when the buyer pays. */
  confirm: {
    renews: (plan: Plan, price: string, date: string) =>
      `Abonnementet fornyes automatisk ${formatDate(date)} og deretter ${plan === 'yearly' ? 'hvert år' : 'hver måned'} til ${price}, til du sier det opp.`,
    firstPeriod: (plan: Plan) => `Du betaler nå for ${periodLabel[plan]}.`,
    howToCancel: 'Du kan si opp når som helst under Profil i guiden. Du beholder Premium ut perioden du har betalt for.',
    consent:
      'Jeg ber om å få tilgang til Premium med en gang, og jeg forstår at angreretten dermed går tapt (angrerettloven § 22 n). Pengene-tilbake-garantien gjelder uansett.',
    consentRequired: 'Kryss av for at du vil ha tilgang med en gang før du betaler.',
  },

  /** The admin's side. */
  admin: {
    refund: 'Refunder',
    refunded: 'Betalingen er refundert, og Premium er avsluttet.',
    partlyRefunded: (amount: string) => `${amount} er refundert. Premium fortsetter.`,
    tooMuch: (left: string) => `Du kan refundere høyst ${left}: det er det som er igjen av betalingen.`,
    paymentNotFound: 'Fant ikke betalingen.',
    userNotFound: 'Fant ikke brukeren.',
    title: 'Abonnement og betalinger',
    loading: 'Henter betalinger …',
    loadFailed: 'Kunne ikke hente betalingene.',
    none: 'Ingen abonnement.',
    noPayments: 'Ingen betalinger.',
    receipt: (n: number) => `Kvittering nr. ${n}`,
  },
} as const;

/** The subscription's mails (transactional: they concern a purchase, so no unsubscribe). */
export const subscriptionMail = {
  greeting: 'Hei!',
  signature: 'Hilsen Soloprenør',
  profileButton: 'Åpne profilen',
  receipt: {
    subject: (number: string) => `Kvittering nr. ${number} fra Soloprenør`,
    intro: (plan: Plan, amount: string) => `Takk! Vi har mottatt ${amount} for Soloprenør Premium (${planLabel[plan]}).`,
    period: (from: string, to: string) => `Perioden: ${formatDate(from)} – ${formatDate(to)}.`,
    vat: (vat: string) => `Herav MVA 25 %: ${vat}.`,
    /** A payment lowered by a discount code: the code and what it took off the ordinary price. */
    coupon: (code: string, discount: string) => `Rabattkode ${code}: ${discount} i rabatt på ordinær pris.`,
    button: 'Se kvitteringen',
  },
  reminder: {
    subject: 'Årsabonnementet ditt fornyes snart',
    intro: (date: string, amount: string) =>
      `Årsabonnementet ditt på Soloprenør Premium fornyes automatisk ${formatDate(date)}, og ${amount} trekkes da fra betalingskortet ditt.`,
    cancel: 'Vil du ikke fornye? Si opp under Profil i guiden før fornyelsesdatoen, så beholder du Premium ut perioden.',
  },
  priceChange: {
    subject: 'Ny pris på Soloprenør Premium',
    intro: (plan: Plan, from: string, to: string) =>
      `Prisen på Soloprenør Premium (${planLabel[plan]}) endres fra ${from} til ${to}.`,
    when: (date: string) =>
      `Den nye prisen gjelder først fra fornyelsen ${formatDate(date)}. Fram til da betaler du det samme som før.`,
    cancel: (date: string) =>
      `Vil du ikke fortsette til ny pris, kan du si opp gratis under Profil i guiden når som helst før ${formatDate(date)}. Da fornyes ikke abonnementet, og du beholder Premium ut perioden du har betalt for.`,
  },
  dunning: {
    subject: 'Vi fikk ikke trukket betalingen for Premium',
    intro: (amount: string) => `Vi prøvde å fornye Soloprenør Premium, men betalingen på ${amount} gikk ikke gjennom.`,
    action: (date: string) =>
      `Oppdater betalingskortet ditt, så prøver vi igjen. Du beholder Premium til ${formatDate(date)}; går ikke betalingen gjennom innen da, avsluttes abonnementet.`,
  },
  refund: {
    subject: (number: string, amount: string) => `Kreditnota nr. ${number}: ${amount} tilbake fra Soloprenør`,
    intro: (amount: string, receipt: string) =>
      `Vi har betalt tilbake ${amount} av betalingen din for Soloprenør Premium (kvittering nr. ${receipt}).`,
    disputeLost: (amount: string, receipt: string) =>
      `Banken din har tilbakeført ${amount} av betalingen din for Soloprenør Premium (kvittering nr. ${receipt}) etter en innsigelse på kortet.`,
    /** When the money reaches the buyer, by how they paid (Vipps: docs of Vipps MobilePay on refunds; cards: Stripe's 5–10 business days). */
    arrives: {
      stripe: 'Pengene kommer tilbake på kortet du betalte med, vanligvis innen 5–10 virkedager.',
      vipps:
        'Pengene kommer tilbake til kortet du betalte med i Vipps, vanligvis innen 2–3 virkedager, men det kan ta opptil 10 virkedager, avhengig av banken.',
      test: 'Betalingen ble gjort i testmodus, så ingen penger ble trukket eller sendes tilbake.',
    },
    ended: (date: string) =>
      `Premium-abonnementet ditt ble avsluttet ${formatDate(date)}, og kontoen din har nå gratis tilgang. Fremgangen din blir liggende.`,
    continues: 'Premium-abonnementet ditt fortsetter som før.',
    button: 'Se kreditnotaen',
  },
  ended: {
    subject: 'Premium-abonnementet ditt er avsluttet',
    intro:
      'Premium-abonnementet ditt hos Soloprenør er avsluttet, og kontoen din har nå gratis tilgang. Fremgangen din blir liggende.',
    again: 'Du kan ta Premium igjen når du vil fra guiden.',
  },
} as const;
