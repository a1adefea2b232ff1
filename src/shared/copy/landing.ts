/**
 * The landing page's copy. Product texts are the product owner's wording, letter for letter; `icon` names an icon in
 * components/icons.ts.
 */

export const hero = {
  badge: 'Gratis guide på norsk',
  title: 'Soloprenør.',
  titleAccent: 'Start alene. Bygg stort.',
  lead: 'Den gratis norske guiden for deg som vil starte og drive bedrift helt alene – med AI-verktøy som gjør jobben til et helt team. Ingen ansatte, ingen investorer, ingen møter.',
  cta: 'Få gratis guide',
  secondary: 'Allerede registrert? Gå til guide',
  chips: ['100% eierskap', 'Raske beslutninger', 'AI ansatte'],
} as const;

export const nav = [
  { href: '#problem', label: 'Problemet' },
  { href: '#løsning', label: 'Løsningen' },
  { href: '#om-meg', label: 'Om meg' },
  { href: '#faq', label: 'FAQ' },
  { href: '/priser', label: 'Priser' },
] as const;

export const headerCta = 'Kom i gang';
export const stickyCta = 'Få gratis guiden';

export const problem = {
  eyebrow: 'Problemet',
  title: 'Å starte bedrift har aldri vært dyrere – på den gamle måten',
  intro:
    'De fleste nye selskaper i Norge bruker de første årene på å betale for folk, systemer og møter, ikke på å skape verdi for kundene.',
  cards: [
    {
      icon: 'banknote',
      title: 'Høye lønnskostnader',
      text: 'Én ansatt koster fort 50 000–100 000 kroner i måneden med arbeidsgiveravgift, pensjon og feriepenger. Det spiser opp hele marginen før du har solgt noe.',
    },
    {
      icon: 'code',
      title: 'Dyr programvareutvikling',
      text: 'Et byrå tar gjerne hundretusener for en første versjon – og måneder før du kan teste den på ekte kunder.',
    },
    {
      icon: 'target',
      title: 'Feil fokus',
      text: 'Administrasjon, rekruttering og koordinering stjeler tiden du skulle brukt på kundene og produktet.',
    },
    {
      icon: 'hourglass',
      title: 'Tidstyver',
      text: 'Fakturering, e-post, referater og rapporter. Småjobber som hver tar litt tid, men som til sammen tar hele uker.',
    },
  ],
} as const;

export const solution = {
  eyebrow: 'Løsningen',
  title: 'Ansett AI i stedet for et helt team',
  intro: 'Guiden viser deg hvordan du setter opp seks AI-roller som jobber døgnet rundt – for en brøkdel av prisen på én ansatt.',
  roles: [
    {
      icon: 'trending',
      title: 'AI-selger',
      text: 'Finner leads, skriver personlige e-poster og følger opp automatisk. Gjør jobben til 3-5 selgere.',
    },
    {
      icon: 'wrench',
      title: 'AI-utvikler',
      text: 'Bygger nettside, app og MVP på dager i stedet for måneder – sammen med deg, uten byrå.',
    },
    {
      icon: 'megaphone',
      title: 'AI-markedsfører',
      text: 'Lager innlegg, nyhetsbrev og annonsetekster i din stemme, og planlegger publiseringen for deg.',
    },
    {
      icon: 'message',
      title: 'AI-kundeservice',
      text: 'Svarer kundene dine 24/7 og løser 80% av henvendelsene før de når deg.',
    },
    {
      icon: 'chart',
      title: 'AI-analytiker',
      text: 'Leser tallene dine, finner mønstrene og forteller deg hva du bør gjøre mer av neste uke.',
    },
    {
      icon: 'workflow',
      title: 'AI-automatisering',
      text: 'Kobler sammen verktøyene dine slik at faktura, oppfølging og rapporter går av seg selv. Sparer 40 timer i uken.',
    },
  ],
} as const;

export const midCta = {
  title: 'Klar til å bygge bedriften din alene – uten å være alene om jobben?',
  text: 'Guiden er gratis. Du får tilgang med en gang, rett i innboksen.',
  button: 'Få tilgang til guiden nå',
} as const;

/** The founder section: the name, photo and text an admin sets (hidden until then); the facts are counted at build. */
export const about = {
  eyebrow: 'Om meg',
  signature: 'Grunnleggeren av Soloprenør',
  photoAlt: (name: string) => `Bilde av ${name}`,
  modules: (n: number) => ({ value: String(n), label: n === 1 ? 'modul i guiden' : 'moduler i guiden' }),
  employees: { value: '0', label: 'ansatte nødvendig' },
} as const;

export const offer = {
  eyebrow: 'Gratis guide',
  title: 'Få Soloprenør-guiden gratis',
  intro: 'Skriv inn e-postadressen din, så sender vi deg en innloggingslenke. Du er i gang på under ett minutt.',
  includes: [
    'Mindset: slik tenker og prioriterer en soloprenør',
    'Nisje: finn og test en lønnsom idé på en helg',
    'Bygg: lag ditt første produkt med AI – uten å kode',
    'Ferdige AI-prompter du kan kopiere rett inn',
    'Fremdrift, daglig streak og nye leksjoner fortløpende',
  ],
} as const;

export const faq = {
  eyebrow: 'FAQ',
  title: 'Spørsmål og svar',
  items: [
    {
      category: 'teknisk',
      question: 'Må jeg kunne programmere for å følge guiden?',
      answer:
        'Nei. Guiden er skrevet for deg som ikke er utvikler. Du lærer å bruke AI-verktøy og no-code-tjenester som gjør det tekniske for deg, og hver leksjon har ferdige prompter du kan kopiere rett inn.',
    },
    {
      category: 'tid',
      question: 'Hvor mye tid må jeg sette av?',
      answer:
        'Regn med 10-15 timer i uken hvis du vil ha din første betalende kunde innen et par måneder. Hver modul starter med en Quick Win på fem minutter, så du får fremgang selv på travle dager.',
    },
    {
      category: 'verktøy',
      question: 'Hvilke AI-verktøy bruker dere?',
      answer:
        'Vi bruker verktøy som ChatGPT, Claude, Perplexity, Cursor, Lovable, Make og Zapier – og viser alltid en gratis eller rimelig variant. Verktøyene endrer seg fort, så vi oppdaterer leksjonene fortløpende.',
    },
    {
      category: 'kostnader',
      question: 'Hva koster det å drive med AI i stedet for ansatte?',
      answer:
        'En AI-assistent koster typisk 300-1000 kroner i måneden, mens en ansatt koster 50 000-100 000 kroner i måneden med alle kostnader. Det er en besparelse på minst 95%. Selve guiden er gratis; Premium gir deg i tillegg avanserte moduler og maler.',
    },
    {
      category: 'idé',
      question: 'Jeg har ingen forretningsidé ennå. Passer guiden for meg?',
      answer:
        'Ja. Modul 2 handler om nettopp dette: du bruker AI til å finne problemer folk betaler for å få løst, og tester ideen på ekte kunder før du bruker tid og penger på å bygge noe.',
    },
  ],
} as const;

export const footer = {
  tagline: 'Start alene. Bygg stort. En norsk guide til å drive bedrift uten ansatte – med AI som teamet ditt.',
  shortcutsTitle: 'Snarveier',
  shortcuts: [
    { href: '/#problem', label: 'Problemet' },
    { href: '/#løsning', label: 'Løsningen' },
    { href: '/#om-meg', label: 'Om meg' },
    { href: '/#faq', label: 'FAQ' },
    { href: '/priser', label: 'Priser' },
    { href: '/guide/login', label: 'Logg inn' },
  ],
  legalTitle: 'Juridisk',
  legal: [
    { href: '/personvern', label: 'Personvern' },
    { href: '/vilkår', label: 'Vilkår' },
  ],
  contactTitle: 'Kontakt',
  social: [
    { href: 'https://www.linkedin.com/company/soloprenor', label: 'LinkedIn' },
    { href: 'https://www.instagram.com/soloprenor', label: 'Instagram' },
    { href: 'https://www.youtube.com/@soloprenor', label: 'YouTube' },
  ],
  copyright: (year: number) => `© ${year} Soloprenør. Alle rettigheter forbeholdt.`,
} as const;
