import type { SeedModule } from '#db/seed/types';
import { buildQuiz } from './quizzes';

export const buildModule: SeedModule = {
  id: 'build',
  order: 3,
  title: 'Bygg ditt første produkt med AI',
  description:
    'Gå fra validert idé til et enkelt produkt du kan ta betalt for, med no-code-verktøy, AI-kodeassistenter og en landingsside som konverterer.',
  icon: '🚀',
  color: 'from-purple-500 to-pink-500',
  isPremium: false,
  difficulty: 'intermediate',
  lessons: [
    {
      id: 'build-quick-win',
      title: 'Quick Win: Skriv landingssiden din på fem minutter',
      description:
        'Få et komplett førsteutkast til landingssiden din – overskrift, fordeler, handlingsknapp og ofte stilte spørsmål – fra en AI-assistent.',
      order: 1,
      type: 'ai-prompt',
      isPremium: false,
      duration: 5,
      resources: [],
      content: `## Hva du skal gjøre

Før du bygger et eneste skjermbilde, trenger du en side som forklarer hva du tilbyr og lar folk melde interesse. En landingsside tvinger deg til å gjøre tilbudet konkret, og den kan begynne å samle en venteliste allerede i dag.

## Slik gjør du det

1. Hent frem tilbudssetningen din fra nisjemodulen.
2. Kopier prompten under inn i **ChatGPT** eller **Claude**, og fyll inn feltene.
3. Velg den overskriften du liker best, og lim teksten inn i et verktøy som **Carrd**, **Framer** eller **Lovable**.

\`\`\`
Du er en erfaren norsk tekstforfatter som skriver landingssider for små bedrifter. Skriv en landingsside på norsk bokmål for dette tilbudet:

- Tilbudssetning: [Jeg hjelper ... med å ... uten ...]
- Målgruppe: [hvem kunden er]
- Det viktigste problemet de har: [beskriv]
- Hva kunden får: [leveransen]
- Pris eller prisantydning: [pris, eller «venteliste»]

Lag:
1. Fem alternative overskrifter (maks ti ord hver) og én underoverskrift.
2. Tre fordeler formulert som resultater for kunden, ikke funksjoner.
3. En kort seksjon «Slik fungerer det» i tre steg.
4. Én tydelig handlingsknapp (tekst på maks fire ord).
5. Fire spørsmål og svar som tar tak i de vanligste innvendingene.

Bruk et enkelt, direkte språk uten superlativer. Ikke finn opp tall, kundesitater eller resultater.
\`\`\`

## Sjekk før du publiserer

- Forstår en fremmed hva du tilbyr i løpet av fem sekunder?
- Finnes det bare **én** ting du vil at besøkende skal gjøre?
- Er alle påstander sanne? Fjern alt du ikke kan stå inne for.

Del lenken med fem personer fra målgruppen i dag, og spør hva de tror siden selger.`,
    },
    {
      id: 'build-deep-dive',
      title: 'Deep Dive: Bygg en MVP uten utviklerteam',
      description:
        'Hva en MVP egentlig er, hvordan du velger mellom no-code og AI-koding, hvordan landingssiden skal fungere, og hvordan du får din første betalende kunde.',
      order: 2,
      type: 'text',
      isPremium: false,
      duration: 20,
      resources: [],
      content: `For få år siden krevde et nytt digitalt produkt enten at du kunne programmere, eller at du betalte noen andre for å gjøre det. I dag kan du som soloprenør bygge en fungerende første versjon selv, med no-code-verktøy og AI-kodeassistenter. Men verktøyene løser ikke det viktigste spørsmålet: hva du skal bygge – og hva du skal la være.

## 1. Hva en MVP er (og ikke er)

En MVP – *minimum viable product* – er den minste versjonen av produktet som leverer kjerneresultatet til kunden. Den er ikke en dårlig versjon av drømmeproduktet ditt. Den er et verktøy for å lære om noen vil betale.

Ofte trenger ikke MVP-en engang å være programvare. En **concierge-MVP** betyr at du leverer resultatet manuelt, med hjelp av AI, før du automatiserer noe.

**Eksempel:** Du vil lage en app som lager ukentlige middagsplaner for småbarnsfamilier med matallergier. I stedet for å bygge appen, lar du familier betale for en måned med personlige middagsplaner. Du lager planene med Claude, kvalitetssikrer dem selv og sender dem som PDF på e-post hver søndag. Etter fire uker vet du hva familiene faktisk bruker, hva de savner, og om de vil fortsette å betale. Først da bygger du appen.

## 2. No-code eller AI-koding?

Valget av verktøy avhenger av hva produktet skal gjøre og hvor mye du vil lære deg selv.

- **No-code og AI-apputviklere** som **Lovable** og **Bolt** lar deg beskrive appen med vanlig tekst og får en fungerende nettapplikasjon tilbake. Bra for prototyper, interne verktøy og enkle SaaS-produkter.
- **Nettstedbyggere** som **Framer**, **Webflow** og **Carrd** passer for landingssider og innholdssider.
- **Databasebaserte verktøy** som **Softr**, **Glide** og **Airtable** passer for kundeportaler, bookingløsninger og enkle medlemssider.
- **AI-kodeassistenter** som **Cursor** passer hvis du kan litt kode, eller vil lære. Du får full kontroll og ingen innlåsing, men du må forstå nok til å kvalitetssikre det AI-en skriver.

En tommelfingerregel: Start med det enkleste verktøyet som kan levere kjerneresultatet. Bytt når du møter en konkret begrensning, ikke før.

**Eksempel:** En yogainstruktør i Stavanger vil selge klippekort til timer i en leid sal. Hun lager en booking- og betalingsside i Lovable på en helg. Når hun senere vil ha mer kontroll over timeplanlogikken, tar hun koden inn i Cursor og bygger videre der.

## 3. Landingssiden er en del av produktet

Landingssiden er ofte det første kunden ser, og den gjør tre jobber: forklarer tilbudet, bygger tillit og får besøkende til å ta ett steg videre.

En god landingsside har:

- **En overskrift** som beskriver resultatet kunden får
- **Problemet** formulert slik kunden selv ville sagt det
- **Slik fungerer det** i tre enkle steg
- **Én handlingsknapp** – skriv deg på ventelisten, bestill en samtale eller kjøp
- **Svar på innvendinger**: pris, tid, risiko og hvem du er

Mål hva som skjer. Et enkelt, personvernvennlig analyseverktøy og et skjema i **Tally** eller et e-postverktøy holder lenge.

**Eksempel:** En regnskapsfører som vil selge en fastpristjeneste for nye ENK-er, tester to overskrifter: «Regnskap for ENK til fast pris» og «Bli ferdig med årsoppgjøret uten stress». Hun lar hver versjon stå i to uker og beholder den som gir flest bestilte samtaler.

## 4. Din første betalende kunde

Den første betalingen er et vendepunkt. Gjør det enkelt å betale:

- **Faktura** fra **Fiken** eller **Tripletex** fungerer godt for bedriftskunder.
- **Vipps** er kjent for norske forbrukere og har løsninger for nettbutikker og betalingslenker.
- **Stripe** passer for abonnement og internasjonalt salg.

Noen praktiske regler å kjenne:

- **MVA:** Du må registrere deg i Merverdiavgiftsregisteret når avgiftspliktig omsetning passerer **50 000 kr** i løpet av en periode på tolv måneder. Følg med på omsetningen fra første krone.
- **Angrerett:** Selger du til forbrukere på nett, har de som hovedregel 14 dagers angrerett. For digitalt innhold og tjenester finnes egne regler – les Forbrukertilsynets veiledning.
- **Personvern:** Samler du inn e-postadresser eller kundedata, trenger du en personvernerklæring.

**Eksempel:** En utvikler som har bygget et verktøy for vaktlister i barnehager, tilbyr fem barnehager en pilot til halv pris mot at de gir tilbakemelding hver uke. Han sender faktura fra Fiken, leverer personlig opplæring på Teams og bruker tilbakemeldingene til å bestemme neste funksjon.

## Verktøy

- **Lovable** og **Bolt** – bygg nettapper med AI fra en tekstbeskrivelse
- **Cursor** – AI-kodeassistent for deg som vil ha full kontroll på koden
- **Framer**, **Webflow** og **Carrd** – landingssider
- **Softr**, **Glide** og **Airtable** – no-code-apper og databaser
- **Supabase** – database og innlogging
- **Tally** – skjemaer og ventelister
- **Stripe** og **Vipps** – betaling på nett
- **Fiken** og **Tripletex** – fakturering og regnskap`,
    },
    {
      id: 'build-master-class',
      title: 'Master Class: Lanser MVP-en din steg for steg',
      description:
        'Fra spesifikasjon til lansering: skriv en produktbeskrivelse med AI, bygg første versjon, ordne betaling og juridisk minimum, og lanser til ventelisten.',
      order: 3,
      type: 'interactive',
      isPremium: true,
      duration: 90,
      resources: [
        { title: 'Prompt: MVP-spesifikasjon på én side' },
        { title: 'Prompt: Første versjon i Lovable' },
        { title: 'Mal: Lanseringssjekkliste' },
        { title: 'Mal: Utkast til salgsvilkår og personvernerklæring' },
        { title: 'Mal: Lanserings-e-post til ventelisten' },
      ],
      content: `Denne Master Class-leksjonen tar deg gjennom hele veien fra validert idé til lansert MVP. Sett av rundt 90 minutter til planleggingen. Selve byggingen kan ta fra en helg til et par uker, avhengig av hva du lager.

## Del 1: Spesifikasjon på én side (15 minutter)

AI-verktøy bygger det du ber om – derfor må du vite hva du ber om. Kjør **prompten «MVP-spesifikasjon på én side»**:

\`\`\`
Du er en erfaren produktsjef. Hjelp meg å skrive en spesifikasjon på én side for en MVP.

- Tilbudssetning: [Jeg hjelper ... med å ... uten ...]
- Hva jeg lærte i problemintervjuene: [stikkord]
- Hvordan kunden løser problemet i dag: [beskriv]

Lag: 1) brukerhistorier for kjerneflyten (maks fem), 2) hva som bevisst IKKE er med i første versjon, 3) skjermbildene som trengs, 4) dataene som må lagres, 5) hvordan jeg måler om MVP-en fungerer.
Utfordre meg hvis noe er unødvendig for å levere kjerneresultatet.
\`\`\`

Stryk alt som ikke trengs for at den første kunden skal få resultatet sitt.

## Del 2: Bygg første versjon (30 minutter å starte)

Lim spesifikasjonen inn i **prompten «Første versjon i Lovable»**. Prompten ber verktøyet bygge ett skjermbilde om gangen, bruke norsk tekst i grensesnittet og forklare hva det har gjort. Jobb i små steg: be om én endring, test den, og gå videre. Store forespørsler gir ofte rotete resultater.

Bruker du **Cursor**, gjelder samme prinsipp: gi AI-en spesifikasjonen som kontekst, be om én funksjon om gangen og les gjennom endringene før du godtar dem. Trenger du innlogging og database, er **Supabase** et vanlig valg som begge verktøyene støtter.

## Del 3: Betaling og juridisk minimum (15 minutter)

Før du tar betalt, må du ha orden på det grunnleggende:

- **Foretak:** Er bedriften registrert i Enhetsregisteret? Et ENK kan registreres via Altinn på kort tid.
- **Betaling:** Velg én løsning – faktura fra Fiken eller Tripletex, Vipps eller Stripe.
- **MVA:** Hold oversikt over omsetningen. Passerer den 50 000 kr i løpet av tolv måneder, må du registrere deg i Merverdiavgiftsregisteret.
- **Vilkår og personvern:** Bruk **malen «Utkast til salgsvilkår og personvernerklæring»** som startpunkt. Den dekker leveranse, betaling, angrerett, oppsigelse og behandling av personopplysninger. Tilpass den til produktet ditt, og få den gjerne kvalitetssikret av en jurist før du selger i større skala.

## Del 4: Lanseringssjekklisten (15 minutter)

Gå gjennom **malen «Lanseringssjekkliste»** punkt for punkt. Den inneholder blant annet:

- Test hele kjøpsflyten selv, på mobil og på PC
- Sjekk at kvitteringer og bekreftelser kommer frem
- Sett opp et enkelt sted der kunder kan melde feil
- Skriv ned tre tall du skal følge med på den første måneden
- Avtal tilbakemeldingssamtaler med de første kundene

## Del 5: Lanser til ventelisten (15 minutter)

Ventelisten din består av folk som allerede har sagt at de er interessert. Bruk **malen «Lanserings-e-post til ventelisten»**: personlig tone, hva som er nytt, hva det koster, et tydelig tilbud til de første – for eksempel en pilotpris – og én lenke.

Send e-posten, og ring eller skriv personlig til de fem mest engasjerte personene fra intervjuene dine. De første kundene kommer oftest fra personlige relasjoner, ikke fra annonser.

## Etter lanseringen

Snakk med hver eneste kunde den første måneden. Spør hva som fikk dem til å kjøpe, hva som var vanskelig, og hva de ville savnet hvis produktet forsvant. Bruk svarene til å bestemme neste versjon – ikke dine egne ønsker om nye funksjoner.

## Ressurser i denne leksjonen

- **Prompt: MVP-spesifikasjon på én side** – avgrens produktet før du bygger.
- **Prompt: Første versjon i Lovable** – steg-for-steg-instruksjon for AI-apputvikleren.
- **Mal: Lanseringssjekkliste** – alt du bør teste og forberede.
- **Mal: Utkast til salgsvilkår og personvernerklæring** – startpunkt som du tilpasser.
- **Mal: Lanserings-e-post til ventelisten** – e-post som gjør interesse om til salg.`,
    },
    buildQuiz,
  ],
};
