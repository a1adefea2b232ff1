import type { SeedModule } from '#db/seed/types';

export const salesModule: SeedModule = {
  id: 'sales',
  order: 5,
  title: 'Salg uten selgere',
  description:
    'Bygg en salgsprosess som går nesten av seg selv, med personlig oppsøkende salg, gode tilbud og systematisk oppfølging – støttet av AI.',
  icon: '💰',
  color: 'from-yellow-500 to-orange-500',
  isPremium: true,
  difficulty: 'intermediate',
  lessons: [
    {
      id: 'sales-salgsprosessen',
      title: 'Salgsprosessen som går nesten av seg selv',
      description:
        'Tegn opp salgsprosessen din fra første kontakt til signert avtale, og finn ut hvilke steg AI og automatisering kan ta.',
      order: 1,
      type: 'text',
      isPremium: true,
      duration: 20,
      resources: [],
      content: `Mange soloprenører tenker på salg som noe de må «ta seg tid til» når det er stille. Resultatet er en berg-og-dal-bane: travle perioder uten salg, etterfulgt av stille perioder med panikk. Løsningen er en fast salgsprosess som går hele tiden, også når du leverer.

## Tegn opp prosessen

En enkel salgsprosess for en soloprenør har fem steg:

1. **Lead:** Noen viser interesse – via nettsiden, LinkedIn, en anbefaling eller et arrangement.
2. **Kvalifisering:** Har de problemet du løser, og har de mulighet til å betale?
3. **Samtale:** Du forstår behovet og forklarer hvordan du kan hjelpe.
4. **Tilbud:** Et skriftlig tilbud med pris, leveranse og neste steg.
5. **Avslutning og oppfølging:** Ja, nei eller «ikke nå» – alle tre krever en handling.

## Hva AI kan ta

- **Kvalifisering:** Et skjema i Tally med tre–fire spørsmål, der svarene oppsummeres av AI før samtalen.
- **Forberedelse:** Be Perplexity lage et kort sammendrag av bedriften du skal møte, basert på offentlige kilder.
- **Referat:** Ta notater under samtalen, og la Claude eller ChatGPT gjøre dem om til et ryddig referat og et utkast til tilbud.
- **Oppfølging:** Påminnelser i CRM-et og ferdige utkast til oppfølgings-e-post.

Det AI ikke skal ta, er selve samtalen og relasjonen. Det er der kunden bestemmer seg for om de stoler på deg.

## Et enkelt CRM holder

Du trenger ikke et stort system. Et regneark, **Pipedrive** eller **HubSpot** sin gratisversjon fungerer fint. Det viktige er at hver mulighet har ett neste steg og en dato.

**Eksempel:** En selvstendig IT-konsulent i Kristiansand legger alle forespørsler inn i Pipedrive. Hver fredag går han gjennom listen og sender oppfølginger, med utkast laget av AI. Han bruker mindre tid på å lure på hvem han skulle følge opp, og flere forespørsler fører til en avklaring – ja eller nei – i stedet for å bli glemt.

## Ukentlig salgsrutine

- Mandag: Legg inn nye leads og sett neste steg.
- Tirsdag–torsdag: Samtaler og tilbud.
- Fredag: Oppfølging og gjennomgang av tallene – hvor mange leads, samtaler, tilbud og salg?

Når du kjenner tallene dine, vet du hvor i prosessen du bør forbedre noe.`,
    },
    {
      id: 'sales-personlig-oppsokende',
      title: 'Personlig oppsøkende salg med AI',
      description:
        'Finn de riktige potensielle kundene og skriv korte, personlige henvendelser med hjelp av AI – uten å bryte markedsføringsreglene.',
      order: 2,
      type: 'ai-prompt',
      isPremium: true,
      duration: 15,
      resources: [],
      content: `## Kvalitet foran kvantitet

AI gjør det fristende å sende hundrevis av automatiske e-poster. Gjør det ikke. Generiske masseutsendelser gir dårlig respons, skader omdømmet ditt og kan bryte regelverket. Bruk heller AI til å gjøre **ti gode, personlige henvendelser** raskere.

## Regler du må kjenne

Uoppfordret markedsføring på e-post og SMS er regulert i **markedsføringsloven**, og reglene skiller mellom fysiske personer og bedrifter. Les **Forbrukertilsynets veiledning** før du sender kalde e-poster. Ring du potensielle kunder, må du sjekke **Reservasjonsregisteret** i Brønnøysundregistrene. Personlige meldinger én og én på LinkedIn, der du viser til noe konkret, er ofte et trygt og effektivt sted å starte.

## Slik gjør du det

1. Lag en liste over ti bedrifter eller personer som passer nisjen din perfekt.
2. Finn én konkret ting om hver av dem: et innlegg, en nyhet, en stillingsannonse eller noe fra nettsiden.
3. Bruk prompten under for hver av dem.

\`\`\`
Du hjelper meg å skrive en kort, personlig melding til en potensiell kunde på LinkedIn.

Om meg: Jeg hjelper [målgruppe] med [resultat].
Om mottakeren: [navn på bedrift, rolle, og den konkrete tingen du har funnet]
Målet med meldingen: [for eksempel en samtale på 15 minutter]

Krav:
- Maks 80 ord, norsk bokmål, vennlig og direkte.
- Start med det konkrete jeg har funnet, ikke med meg selv.
- Ett spørsmål til slutt, lett å svare ja eller nei på.
- Ingen overdrivelser eller påstander jeg ikke kan dokumentere.
Gi meg to versjoner.
\`\`\`

## Etter utsendelsen

Les alltid gjennom og tilpass meldingen før du sender. Følg opp én gang etter en uke hvis du ikke får svar, og noter svarene i CRM-et ditt. Etter 30 meldinger vet du hvilken vinkel som fungerer best.`,
    },
    {
      id: 'sales-tilbud-og-oppfolging',
      title: 'Tilbud, oppfølging og avslutning',
      description: 'Lag tilbud som er lette å si ja til, følg opp uten å mase, og lær av hvert nei – med maler og prompter.',
      order: 3,
      type: 'interactive',
      isPremium: true,
      duration: 30,
      resources: [
        { title: 'Mal: Tilbud på én side' },
        { title: 'Prompt: Fra samtalereferat til tilbud' },
        { title: 'Mal: Oppfølgingssekvens i tre steg' },
      ],
      content: `## Del 1: Tilbud på én side (10 minutter)

Et godt tilbud er kort. Bruk **malen «Tilbud på én side»**, som har fem deler: kundens situasjon med deres egne ord, ønsket resultat, hva du leverer, pris og betingelser, og neste steg med en konkret dato. Oppgi om prisen er med eller uten MVA – det er særlig viktig når du selger til forbrukere. Gi gjerne tre alternativer; mange velger det i midten.

## Del 2: Fra samtale til tilbud med AI (10 minutter)

Rett etter salgssamtalen limer du inn notatene dine i **prompten «Fra samtalereferat til tilbud»**:

\`\`\`
Her er notatene mine fra en salgssamtale med [type kunde]:
[lim inn notater uten sensitive personopplysninger]

Min tjeneste og priser: [kort beskrivelse]

Lag et utkast til tilbud etter denne strukturen: kundens situasjon, ønsket resultat, leveranse, pris og betingelser, neste steg. Bruk kundens egne formuleringer der det passer. Marker med [SJEKK] alt du er usikker på.
\`\`\`

Les gjennom, rett opp og send tilbudet samme dag eller dagen etter. Fart viser at du er profesjonell.

## Del 3: Oppfølging uten å mase (10 minutter)

De fleste tilbud som ikke blir til salg, dør av stillhet, ikke av et nei. Sett opp **malen «Oppfølgingssekvens i tre steg»**:

1. **Etter to–tre dager:** Spør om noe er uklart, og tilby en kort gjennomgang.
2. **Etter en uke:** Del noe nyttig – en artikkel, et tips eller en relevant erfaring.
3. **Etter to uker:** Spør direkte om du skal lukke saken eller ta kontakt senere.

Legg inn påminnelser i CRM-et, og bruk AI til å skrive utkast tilpasset hver kunde.

## Lær av hvert nei

Spør alltid hvorfor når noen takker nei. Noter svaret. Etter ti nei ser du mønsteret: pris, timing, tillit eller feil målgruppe. Det er den mest verdifulle markedsinnsikten du kan få.

## Ressurser

- **Mal: Tilbud på én side** – struktur for korte, tydelige tilbud.
- **Prompt: Fra samtalereferat til tilbud** – raskt førsteutkast etter samtalen.
- **Mal: Oppfølgingssekvens i tre steg** – oppfølging som er hyggelig å motta.`,
    },
  ],
};
