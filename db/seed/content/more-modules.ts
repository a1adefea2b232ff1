import type { SeedModule } from '#db/seed/types';

const marketingModule: SeedModule = {
  id: 'marketing',
  order: 4,
  title: 'Markedsføring med AI',
  description:
    'Bygg synlighet uten markedsavdeling: lag innhold effektivt med AI, bli funnet på Google og følg en fast markedsplan.',
  icon: '📣',
  color: 'from-green-500 to-emerald-500',
  isPremium: false,
  lessons: [
    {
      id: 'marketing-innholdsmotor',
      title: 'Innholdsmotoren: én idé, ti innlegg',
      description: 'Gjør én god faglig idé om til innlegg for LinkedIn, nyhetsbrev og nettside med én prompt.',
      order: 1,
      type: 'ai-prompt',
      isPremium: false,
      duration: 15,
      resources: [],
      content: `## Hvorfor en innholdsmotor?

Den største utfordringen med markedsføring alene er ikke å skrive godt, men å gjøre det jevnlig. I stedet for å starte fra et blankt ark hver gang, tar du én sterk idé og lar AI gjøre den om til flere formater. Du står for innsikten og stemmen – AI-en står for variasjonen.

## Finn råstoffet

De beste ideene kommer fra kundene dine. Se gjennom e-poster, intervjunotater og spørsmål du har fått den siste måneden. Velg ett spørsmål som flere har stilt, eller en feil du ser at målgruppen gjør om og om igjen.

## Prompten

\`\`\`
Du er innholdsstrategen min. Jeg er soloprenør og hjelper [målgruppe] med [resultat].

Kjerneidé: [skriv idéen eller kundespørsmålet med dine egne ord, gjerne 5–10 setninger]
Min tone: [for eksempel direkte, varm, faglig uten sjargong]

Lag:
1. Tre LinkedIn-innlegg (maks 200 ord hver) med ulike vinkler: en personlig historie, en praktisk sjekkliste og en påstand som utfordrer en vanlig oppfatning.
2. Ett kort nyhetsbrev med emnelinje og én tydelig oppfordring.
3. Disposisjon til en artikkel på nettsiden, med forslag til tittel og mellomtitler.
4. Fem korte poster til Instagram eller Facebook.

Skriv på norsk bokmål. Ikke bruk tall, sitater eller eksempler som ikke står i idéen min.
\`\`\`

## Kvalitetssikre før du publiserer

- **Stemmen din:** Les teksten høyt. Ville du sagt det slik? Stryk fraser som høres ut som reklame.
- **Fakta:** Sjekk alle påstander. AI-en kan finne på detaljer selv om du ber den la være.
- **Én ting per innlegg:** Hvert innlegg skal ha ett poeng og én oppfordring.

## Gjør det til en rutine

Sett av én fast time i uka til innholdsmotoren. Lag innholdet i én økt, og planlegg publiseringen i et verktøy som **Buffer** eller direkte i LinkedIn. Etter en måned har du et lager av innhold, og du ser hvilke temaer målgruppen reagerer på.`,
    },
    {
      id: 'marketing-bli-funnet',
      title: 'Bli funnet: Google, lokalt søk og AI-søk',
      description:
        'Grunnleggende synlighet for soloprenører: Google-bedriftsprofil, nettsider som svarer på kundenes spørsmål, og innhold som AI-søk kan vise til.',
      order: 2,
      type: 'text',
      isPremium: false,
      duration: 20,
      resources: [],
      content: `Folk som allerede leter etter en løsning, er de enkleste kundene å få. Målet med denne leksjonen er at de skal finne deg – på Google, i kart og i AI-verktøy som Perplexity og ChatGPT.

## Google-bedriftsprofil

Leverer du tjenester lokalt, er en **Google-bedriftsprofil** noe av det mest lønnsomme du kan sette opp. Den er gratis og gjør at du kan dukke opp i kartet og i lokale søk.

- Bruk samme navn, adresse og telefonnummer som i Enhetsregisteret.
- Velg riktig kategori og beskriv tjenestene dine med ordene kundene bruker.
- Be fornøyde kunder om en anmeldelse, og svar på alle anmeldelser – også de kritiske.

**Eksempel:** En selvstendig snekker i Drammen kaller seg «totalentreprenør» på nettsiden, men kundene søker på «bytte kledning» og «etterisolering». Når han bruker kundenes ord i profilen og på nettsiden, matcher han det folk faktisk leter etter.

## Nettsider som svarer på spørsmål

Søkemotorer og AI-verktøy vil vise frem innhold som svarer godt på konkrete spørsmål. Lag én side per tjeneste, og én artikkel per vanlig kundespørsmål.

- Bruk spørsmålet som tittel, for eksempel «Hva koster regnskap for et ENK?».
- Svar kort og tydelig først, og utdyp etterpå.
- Legg inn priser eller prisantydninger der du kan. Det er ofte det folk leter etter.

## Synlig i AI-søk

Flere bruker nå AI-verktøy for å finne leverandører og svar. Du kan ikke styre hva de svarer, men du kan gjøre det enklere for dem å forstå hva du tilbyr:

- Beskriv tydelig hvem du hjelper, hva du leverer og hvor.
- Vær konsekvent: samme beskrivelse på nettsiden, LinkedIn og i Google-bedriftsprofilen.
- Skriv fagartikler med konkrete, sjekkbare opplysninger.

Test selv: Spør Perplexity om en tjeneste som din i ditt område, og se hvem som nevnes og hvorfor.

## Verktøy

- **Google-bedriftsprofil** og **Google Search Console** – synlighet og søkeord
- **Perplexity** og **ChatGPT** – test hvordan AI-søk beskriver bransjen din
- **Claude** – forslag til artikler basert på kundespørsmål`,
    },
    {
      id: 'marketing-30-dagers-plan',
      title: 'Video: Lag en 30-dagers markedsplan med AI',
      description:
        'En gjennomgang på skjermen der en komplett markedsplan for en måned bygges med ChatGPT og Claude, fra målgruppe til publiseringskalender.',
      order: 3,
      type: 'video',
      isPremium: true,
      duration: 25,
      resources: [{ title: 'Prompt: 30-dagers markedsplan' }, { title: 'Mal: Publiseringskalender' }],
      content: `## Om videoen

I denne videoen følger du hele prosessen med å lage en markedsplan for én måned, fra blankt ark til ferdig publiseringskalender. Alt vises på skjermen, slik at du kan gjøre det samme parallelt for din egen bedrift.

## Dette går vi gjennom

1. **Utgangspunktet:** Hvordan du oppsummerer målgruppe, tilbud og mål for måneden i én kort brief som AI-en kan jobbe ut fra.
2. **Kanalvalg:** Hvorfor du som soloprenør bør velge én hovedkanal og én støttekanal, i stedet for å være overalt.
3. **Temaer og vinkler:** Hvordan du bruker ChatGPT til å lage fire ukestemaer basert på kundespørsmål og innvendinger.
4. **Innholdsproduksjon:** Hvordan du bruker innholdsmotoren fra første leksjon til å fylle ukene med innhold.
5. **Publiseringskalender:** Hvordan du legger planen inn i en enkel kalender og planlegger publiseringen på forhånd.
6. **Måling:** Hvilke få tall du bør følge med på – for eksempel henvendelser og påmeldinger til ventelisten – og hvordan du bruker dem når du planlegger neste måned.

## Etter videoen

Bruk **prompten «30-dagers markedsplan»** og **malen «Publiseringskalender»** til å lage din egen plan. Sett av to timer til å produsere innholdet for den første uka, og legg inn en fast gjennomgang i kalenderen etter 30 dager.`,
    },
  ],
};

const salesModule: SeedModule = {
  id: 'sales',
  order: 5,
  title: 'Salg uten selgere',
  description:
    'Bygg en salgsprosess som går nesten av seg selv, med personlig oppsøkende salg, gode tilbud og systematisk oppfølging – støttet av AI.',
  icon: '💰',
  color: 'from-yellow-500 to-orange-500',
  isPremium: true,
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

const automationModule: SeedModule = {
  id: 'automation',
  order: 6,
  title: 'Automatisering: 40 timer i uka',
  description:
    'Kartlegg de repeterende oppgavene dine og automatiser dem med Make, Zapier og AI, slik at tiden din går til det bare du kan gjøre.',
  icon: '⚡',
  color: 'from-indigo-500 to-purple-500',
  isPremium: true,
  lessons: [
    {
      id: 'automation-kartlegging',
      title: 'Regnestykket: hva kan automatiseres?',
      description:
        'Kartlegg alle repeterende oppgaver, regn ut hvor mye tid de tar, og prioriter hva du skal automatisere først.',
      order: 1,
      type: 'text',
      isPremium: true,
      duration: 20,
      resources: [],
      content: `«40 timer i uka» er ikke et løfte, men et regnestykke du kan gjøre selv. Summer tiden du, eller en ansatt, ville brukt på repeterende oppgaver i løpet av en uke, og se hvor mye av det som kan overlates til automatiseringer og AI. For mange soloprenører er svaret overraskende mye. Her lærer du å finne ditt eget tall.

## Steg 1: List opp de repeterende oppgavene

Gå gjennom en vanlig uke og skriv ned alt du gjør mer enn én gang. Typiske eksempler:

- Svare på de samme spørsmålene fra kunder
- Flytte informasjon fra skjemaer til regneark eller CRM
- Lage og sende fakturaer, og purre
- Sende velkomst-e-post til nye kunder
- Publisere det samme innholdet i flere kanaler
- Avtale møter via e-post frem og tilbake
- Samle bilag og kvitteringer til regnskapet

## Steg 2: Regn ut tiden

For hver oppgave: hvor mange ganger skjer den i uka, og hvor lang tid tar den hver gang? Gang sammen. Mange oppgaver som bare tar fem minutter, blir til flere timer i uka når de skjer ofte.

## Steg 3: Prioriter

Ranger oppgavene etter **tid spart** og **hvor enkle de er å automatisere**. Start med det som er hyppig, regelstyrt og lite risikabelt. Vent med det som krever skjønn eller der en feil kan skade kundeforholdet.

## Hvor du starter

- **Booking:** Calendly eller Google Kalender med bookingside fjerner e-postrundene.
- **Regnskap:** Fiken og Tripletex har bankintegrasjon og kan hente inn bilag, slik at mye av bokføringen går raskere.
- **Skjema til CRM:** Make eller Zapier kan flytte svar fra Tally til CRM og sende en bekreftelse.
- **Kundeservice:** AI kan lage svarutkast basert på en kunnskapsbase du eier.

**Eksempel:** En selvstendig regnskapsfører i Tromsø kartlegger uka si og oppdager at hun bruker mye tid på å svare på de samme spørsmålene om frister i Altinn. Hun lager en side med svar på vanlige spørsmål, legger den inn som kunnskapsbase for en AI-assistent som lager svarutkast, og setter opp automatiske påminnelser til kundene før hver frist. Spørsmålene kommer sjeldnere, og de som kommer, tar kortere tid å svare på.

## Husk kontrollen

Automatisering uten overvåking er en tidsinnstilt bombe. Sett opp varsler når en automatisering feiler, og sjekk resultatene jevnlig de første ukene.`,
    },
    {
      id: 'automation-forste-flyt',
      title: 'Video: Din første automatisering i Make',
      description:
        'Se hvordan en komplett flyt bygges fra bunnen: nytt skjema-svar blir til kontakt i CRM, personlig velkomst-e-post og varsel til deg.',
      order: 2,
      type: 'video',
      isPremium: true,
      duration: 20,
      resources: [{ title: 'Mal: Skisse for automatiseringsflyt' }],
      content: `## Om videoen

I denne videoen bygger vi en automatisering i **Make** fra bunnen, trinn for trinn. Flyten er en av de mest nyttige for en soloprenør: Når noen fyller ut skjemaet på nettsiden din, skjer resten av seg selv.

## Dette går vi gjennom

1. **Skissen først:** Hvordan du tegner flyten på papir før du åpner Make – trigger, steg og resultat. Du får **malen «Skisse for automatiseringsflyt»** til dette.
2. **Triggeren:** Koble et skjema i Tally til Make, slik at hvert nye svar starter flyten.
3. **Lagring:** Legg kontakten inn i et regneark eller CRM, med dato og kilde.
4. **AI-steget:** Send svarene fra skjemaet til en AI-modul som lager et personlig utkast til velkomst-e-post basert på hva personen skrev.
5. **E-post og varsel:** Send e-posten, eller legg den som utkast til godkjenning, og få et varsel til deg selv.
6. **Feilhåndtering:** Hva som skjer når et steg feiler, og hvordan du får beskjed.
7. **Zapier som alternativ:** En kort sammenligning av hvordan samme flyt ser ut i Zapier.

## Personvern

Videoen viser også hvor du finner informasjon om hvor dataene behandles, og hvorfor du bør nevne verktøyene du bruker i personvernerklæringen din.

## Etter videoen

Bygg din egen versjon av flyten. Start med utkast til godkjenning i stedet for automatisk utsendelse, og slå på automatisk sending først når du har sett at resultatene holder mål.`,
    },
    {
      id: 'automation-ai-kundeservice',
      title: 'AI-kundeservice som svarer døgnet rundt',
      description:
        'Bygg en kunnskapsbase og en AI-assistent som svarer på vanlige kundespørsmål, og som sender resten videre til deg.',
      order: 3,
      type: 'ai-prompt',
      isPremium: true,
      duration: 20,
      resources: [],
      content: `## Målet

Kundene dine forventer svar raskt, også på kvelden. Med en godt instruert AI-assistent kan du gi umiddelbare svar på de vanlige spørsmålene, mens det som krever skjønn, havner hos deg.

## Steg 1: Lag kunnskapsbasen

Samle alt kundene spør om i ett dokument: priser, leveringstid, betaling, angrerett og retur, åpningstider og hvordan produktet brukes. Skriv svarene slik du selv ville svart. Dette dokumentet er grunnlaget – AI-en skal ikke svare på noe som ikke står der.

## Steg 2: Instruer assistenten

Bruk prompten under som instruksjon for en egen assistent i ChatGPT, et prosjekt i Claude eller AI-steget i en automatisering i Make eller Zapier.

\`\`\`
Du er kundeservicemedarbeider for [bedriftsnavn], som [kort beskrivelse av hva bedriften gjør].

Regler:
1. Svar kun basert på kunnskapsbasen under. Hvis svaret ikke står der, si at du sender spørsmålet videre til [ditt navn], som svarer innen [tidsrom].
2. Svar på samme språk som kunden, kort og vennlig.
3. Lov aldri rabatter, refusjoner eller unntak fra vilkårene.
4. Ved klager, juridiske spørsmål eller misfornøyde kunder: ikke svar på saken, men send den videre.
5. Be aldri om passord, kortnummer eller fødselsnummer.
6. Avslutt med å spørre om det er noe mer du kan hjelpe med.

Kunnskapsbase:
[lim inn dokumentet]
\`\`\`

## Steg 3: Test før kundene gjør det

Skriv 20 testspørsmål: vanlige spørsmål, vanskelige spørsmål og spørsmål assistenten ikke skal svare på. Sjekk at den holder seg til reglene. Juster kunnskapsbasen der svarene blir feil.

## Steg 4: Start med utkast

La assistenten lage svarutkast som du godkjenner de første ukene. Når du ser at den svarer riktig på en type spørsmål, kan du slå på automatiske svar for akkurat den typen. Vær åpen overfor kundene om at de får svar fra en AI-assistent, og gjør det enkelt å nå et menneske.`,
    },
  ],
};

const scaleModule: SeedModule = {
  id: 'scale',
  order: 7,
  title: 'Skaler alene',
  description:
    'Voks uten å ansette: bygg systemer, gå fra timepris til produkter, og vit når det er riktig å bytte selskapsform eller hente inn hjelp.',
  icon: '📈',
  color: 'from-red-500 to-rose-500',
  isPremium: true,
  lessons: [
    {
      id: 'scale-systemer',
      title: 'Systemer før vekst',
      description:
        'Dokumenter arbeidet ditt slik at AI, verktøy og eventuelle underleverandører kan gjøre det – og vit når det er på tide å vurdere AS.',
      order: 1,
      type: 'text',
      isPremium: true,
      duration: 20,
      resources: [],
      content: `Vekst som soloprenør betyr ikke å jobbe flere timer. Det betyr at hver time du jobber, skaper mer verdi. Forutsetningen er systemer: beskrevne arbeidsmåter som verktøy, AI og eventuelt andre kan følge.

## Skriv ned hvordan du gjør ting

En **rutinebeskrivelse** er en kort oppskrift på en oppgave du gjør jevnlig: kundeoppstart, månedlig rapport, publisering av innhold, månedsavslutning i regnskapet. Hver beskrivelse har formål, steg, verktøy og hvordan du sjekker at resultatet er riktig.

Du trenger ikke skrive dem fra bunnen. Ta opp skjermen mens du gjør oppgaven, og snakk høyt. Lim inn transkripsjonen i Claude eller ChatGPT, og be om en ryddig rutinebeskrivelse i punktform.

## Tre nivåer av delegering

1. **Automatisering:** Regelstyrte oppgaver går til Make, Zapier eller innebygde funksjoner i verktøyene dine.
2. **AI med kontroll:** Oppgaver som krever språk og vurdering, men der du godkjenner resultatet.
3. **Mennesker:** Oppgaver som krever ekspertise eller ansvar, for eksempel revisjon, juridisk rådgivning eller spesialisert design. Kjøp dem som tjenester fra andre selvstendige.

## Når bør du vurdere AS?

Mange starter som ENK fordi det er enkelt. Når virksomheten vokser, kan et aksjeselskap bli mer aktuelt, for eksempel når:

- risikoen øker gjennom større kontrakter, kundeansvar eller forpliktelser
- overskuddet blir høyere enn det du trenger å ta ut til privat bruk
- du vil ha mulighet til å ta inn medeiere eller investorer

Et ENK kan ikke gjøres om direkte til et AS, men virksomheten kan overføres til et nytt aksjeselskap, og under visse vilkår kan det skje uten skatt. Reglene er tekniske – snakk med en regnskapsfører eller revisor før du bestemmer deg. Husk også at et AS har krav til årsregnskap og innsending til Regnskapsregisteret, og at et regnskapssystem som **Tripletex** eller **Fiken** dekker det meste av den løpende driften.

## Eksempel

En selvstendig webutvikler i Oslo merker at han sier nei til oppdrag fordi kalenderen er full. I stedet for å ansette, dokumenterer han kundeoppstarten, lar AI lage førsteutkast til tekster og leier inn en annen frilanser til design ved behov. Samtidig tar han en samtale med regnskapsføreren om å gå over til AS, fordi kontraktene hans har blitt større.`,
    },
    {
      id: 'scale-produktstige',
      title: 'Fra timepris til produktstige',
      description: 'Bryt koblingen mellom tid og inntekt ved å pakke kunnskapen din i produkter på flere prisnivåer.',
      order: 2,
      type: 'text',
      isPremium: true,
      duration: 20,
      resources: [],
      content: `Så lenge du selger timer, har inntekten din et tak: antall timer i uka. For å vokse alene må du selge resultater og produkter som ikke krever én time fra deg per krone.

## Fra timer til fastpris

Første steg er å pakke tjenestene dine med fast pris og tydelig leveranse. «Nettside for håndverkere, levert på to uker, fast pris» er lettere å kjøpe enn «webutvikling, timepris». Med fastpris tjener du på å jobbe smartere – for eksempel med AI – i stedet for å tape på det.

## Bygg en produktstige

En produktstige er en rekke tilbud på ulike prisnivåer, der hvert trinn leder naturlig til det neste:

1. **Gratis:** Nyhetsbrev, sjekklister og artikler som bygger tillit.
2. **Lavt prisnivå:** Maler, et kurs eller et digitalt verktøy som løser én avgrenset oppgave.
3. **Midt på:** En pakketjeneste med fastpris, eller et abonnement.
4. **Høyt prisnivå:** Tett oppfølging eller skreddersydde leveranser for få kunder.

**Eksempel:** En HR-rådgiver som jobber alene, tilbyr en gratis sjekkliste for første ansettelse, selger en malpakke med arbeidsavtaler og rutiner, har et månedlig abonnement der små bedrifter kan stille spørsmål, og tar noen få større rådgivningsoppdrag. Malpakken og abonnementet tar lite av tiden hennes per kunde.

## Slik bruker du AI

- Be Claude eller ChatGPT gå gjennom de vanligste kundespørsmålene dine og foreslå hvilke som kan bli til maler eller kurs.
- Bruk AI til førsteutkast av kursmoduler og maler, men legg inn dine egne eksempler og erfaringer – det er dem kundene betaler for.
- Lag en enkel salgsside per produkt, og ta betalt med Stripe eller Vipps.

## Husk regnskapet

Nye produkter betyr nye inntektstyper. Sjekk MVA-reglene for det du selger – digitale tjenester til forbrukere i utlandet har egne regler – og sett opp egne inntektskontoer i Fiken eller Tripletex, slik at du ser hva som faktisk tjener penger.`,
    },
    {
      id: 'scale-90-dagers-plan',
      title: 'Din 90-dagers vekstplan',
      description: 'En arbeidsøkt der du setter ett vekstmål, velger tre satsinger og lager en ukeplan for de neste 90 dagene.',
      order: 3,
      type: 'interactive',
      isPremium: true,
      duration: 45,
      resources: [
        { title: 'Mal: 90-dagers vekstplan' },
        { title: 'Prompt: Sparring på vekstplanen' },
        { title: 'Mal: Ukentlig resultattavle' },
      ],
      content: `## Del 1: Ett mål (10 minutter)

Velg **ett** målbart mål for de neste 90 dagene, for eksempel en inntekt per måned, et antall abonnenter eller et antall timer frigjort fra drift. Skriv det øverst i **malen «90-dagers vekstplan»**, sammen med hvor du står i dag.

## Del 2: Tre satsinger (15 minutter)

Velg maks tre tiltak som har størst sjanse til å flytte deg mot målet. Hent dem fra modulene du har tatt: et nytt produkt på produktstigen, en fast salgsrutine, en automatisering eller en markedskanal. Kjør deretter **prompten «Sparring på vekstplanen»**:

\`\`\`
Du er en erfaren rådgiver for soloprenører. Her er vekstplanen min for de neste 90 dagene:
- Mål: [mål og nåsituasjon]
- Satsinger: [tre tiltak]
- Tid jeg har til rådighet per uke: [timer]
- Det som har stoppet meg før: [hindringer]

1. Hvilken satsing bør jeg droppe eller utsette, og hvorfor?
2. Hva er den største risikoen i planen?
3. Foreslå milepæler for dag 30, 60 og 90.
4. Hvilke oppgaver kan automatiseres eller gjøres av AI?
Vær direkte og konkret.
\`\`\`

Juster planen ut fra svarene, men ta beslutningen selv.

## Del 3: Fra plan til uke (15 minutter)

Del hver satsing opp i oppgaver per uke for de første fire ukene. Legg dem inn som tidsblokker i kalenderen. Oppgaver som ikke står i kalenderen, blir sjelden gjort.

## Del 4: Resultattavlen (5 minutter)

Sett opp **malen «Ukentlig resultattavle»** med tre–fem tall du oppdaterer hver fredag: for eksempel inntekt, nye leads, salgssamtaler og timer brukt på drift. Koble den til den ukentlige gjennomgangen fra mindset-modulen.

## Ressurser

- **Mal: 90-dagers vekstplan** – mål, satsinger og milepæler på én side.
- **Prompt: Sparring på vekstplanen** – få planen utfordret før du starter.
- **Mal: Ukentlig resultattavle** – følg med på tallene som betyr noe.`,
    },
  ],
};

export const moreModules: SeedModule[] = [marketingModule, salesModule, automationModule, scaleModule];
