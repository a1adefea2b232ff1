import type { SeedModule } from '#db/seed/types';
import { nicheQuiz } from './quizzes';

export const nicheModule: SeedModule = {
  id: 'niche',
  order: 2,
  title: 'Finn din lønnsomme nisje',
  description:
    'Finn et problem folk faktisk betaler for å få løst, test det med ekte samtaler og AI-assistert markedsresearch, og formuler tilbudet ditt i én setning.',
  icon: '🎯',
  color: 'from-blue-500 to-cyan-500',
  isPremium: false,
  difficulty: 'beginner',
  lessons: [
    {
      id: 'niche-quick-win',
      title: 'Quick Win: Ti nisjeideer på fem minutter',
      description:
        'La en AI-assistent koble erfaringen din med konkrete problemer i markedet, og velg de tre mest lovende nisjene.',
      order: 1,
      type: 'ai-prompt',
      isPremium: false,
      duration: 5,
      resources: [],
      content: `## Hva du skal gjøre

De beste nisjene for soloprenører ligger ofte i skjæringspunktet mellom det du allerede kan, folk du allerede kjenner, og problemer noen allerede betaler for å få løst. I denne øvelsen bruker du AI til å lage en liste med konkrete nisjeideer – og til å rangere dem.

## Slik gjør du det

1. Åpne **ChatGPT** eller **Claude**.
2. Kopier prompten under og fyll inn feltene i hakeparentes. Vær ærlig og konkret – «økonomi» er for vagt, «fakturering for frisørsalonger» er bra.
3. Velg de tre ideene med høyest poengsum og skriv dem ned. Dem tester du i neste leksjon.

\`\`\`
Du er en erfaren rådgiver for soloprenører i Norge. Hjelp meg å finne en lønnsom nisje jeg kan betjene alene, med hjelp av AI-verktøy.

Om meg:
- Utdanning og arbeidserfaring: [stikkord]
- Bransjer jeg kjenner godt fra innsiden: [stikkord]
- Folk og miljøer jeg har tilgang til: [for eksempel håndverkere, lærere, små regnskapskontor]
- Ting andre ofte spør meg om hjelp til: [stikkord]

Gjør dette:
1. Foreslå ti konkrete nisjer på formen «[målgruppe] som sliter med [problem]».
2. Gi hver nisje en poengsum fra 1 til 5 på: hvor vondt problemet er, betalingsvilje, hvor lett jeg når målgruppen, og hvor godt det passer erfaringen min.
3. Sorter etter totalsum og vis resultatet som en tabell.
4. Skriv én setning om den største risikoen ved hver av de tre øverste.
\`\`\`

## Husk

AI-en kjenner ikke markedet ditt bedre enn du gjør – den er en idémaskin, ikke en fasit. Poengsummene er et utgangspunkt for samtaler med ekte mennesker, ikke et bevis. Det er nettopp det du skal gjøre i Deep Dive-leksjonen.`,
    },
    {
      id: 'niche-deep-dive',
      title: 'Deep Dive: Valider nisjen før du bygger',
      description:
        'Slik finner du ut om noen vil betale: problemintervjuer, AI-assistert markedsresearch og et tilbud som kan sies i én setning.',
      order: 2,
      type: 'text',
      isPremium: false,
      duration: 20,
      resources: [],
      content: `Den vanligste feilen nye gründere gjør, er å bygge noe ingen vil betale for. Som soloprenør har du ikke råd til å bruke et halvt år på feil produkt. Validering handler om å finne ut om problemet er ekte, om det er stort nok, og om noen vil betale deg for å løse det – før du bygger.

## 1. Start med problemet, ikke produktet

En god nisje beskrives som en målgruppe med et problem, ikke som et produkt. Test nisjen din mot fire kriterier:

- **Smerte:** Koster problemet målgruppen tid, penger eller søvn?
- **Hyppighet:** Skjer det jevnlig, eller én gang i livet?
- **Betalingsvilje:** Betaler de allerede for en løsning, for eksempel et verktøy, en konsulent eller overtid?
- **Tilgjengelighet:** Vet du hvor du finner dem – bransjeforeninger, Facebook-grupper, LinkedIn, messer?

**Eksempel:** «En app for bedre økonomi» er et produkt uten retning. «Selvstendige frisører som taper penger på kunder som ikke møter opp» er en nisje. Problemet skjer hver uke, det koster direkte inntekt, og frisørene er lette å finne.

## 2. Problemintervjuer som gir ærlige svar

Folk er høflige. Spør du «Ville du kjøpt dette?», får du et ja som ikke betyr noe. Spør i stedet om hva de faktisk har gjort. Gode intervjuspørsmål handler om fortiden og konkrete situasjoner:

- «Fortell om sist gang dette skjedde.»
- «Hva gjorde du for å løse det?»
- «Hva har du prøvd som ikke fungerte?»
- «Hva koster dette deg i dag, i tid eller penger?»
- «Hvem andre bør jeg snakke med om dette?»

Ikke presenter løsningen din i intervjuet. Lytt etter følelser, konkrete tall og ting de allerede betaler for. Sikt på fem til ti samtaler à 20 minutter før du bestemmer deg.

**Eksempel:** Du vurderer et verktøy for å lage tilbud til elektrikere. I stedet for å spørre om de vil ha verktøyet, ber du tre elektrikere vise deg hvordan de laget sitt siste tilbud. Hvis alle sitter med regneark klokka ti på kvelden, har du funnet noe. Hvis de har et system de er fornøyde med, har du spart deg for måneder med arbeid.

## 3. AI-assistert markedsresearch

AI gjør det mulig å gjøre på en ettermiddag det som før krevde et analysebyrå. Bruk verktøyene til å kartlegge markedet, men sjekk alltid kildene.

- **Perplexity** er god til å finne konkurrenter, prismodeller og diskusjoner om problemet, med lenker du kan sjekke.
- **ChatGPT** og **Claude** kan oppsummere intervjunotater og finne mønstre. Fjern navn og personopplysninger før du limer dem inn.
- **Enhetsregisteret** hos Brønnøysundregistrene lar deg søke opp virksomheter etter næringskode og kommune, slik at du får et inntrykk av hvor mange potensielle kunder som finnes.
- **SSB** har offentlig statistikk om bransjer og befolkning.
- **Google Trends** viser om interessen for et tema øker eller synker.

**Eksempel:** For nisjen «små regnskapskontorer som bruker for mye tid på kundespørsmål» kan du be Perplexity finne norske verktøy som allerede løser dette og hva de koster. Deretter søker du opp regnskapskontorer i Enhetsregisteret for å anslå markedets størrelse i ditt fylke. Finner du mange kunder og få løsninger tilpasset norske forhold, er det et godt tegn. Finner du ingen konkurrenter i det hele tatt, kan det bety at ingen betaler for dette – grav videre.

## 4. Tilbudet ditt i én setning

Når intervjuene og researchen peker i samme retning, skal du formulere tilbudet. Hvis du ikke kan forklare det i én setning, er det ikke klart nok. Bruk denne formelen:

> Jeg hjelper **[målgruppe]** med å **[oppnå et konkret resultat]** uten **[smerten de har i dag]**.

**Eksempler:**

- «Jeg hjelper elektrikere med egen bedrift å sende ferdige tilbud samme dag, uten å sitte med papirarbeid om kvelden.»
- «Jeg hjelper selvstendige frisører å fylle avbestilte timer automatisk, uten å ringe rundt til kunder.»

Test setningen på fem personer i målgruppen. Spør hva de tror du tilbyr. Hvis de gjentar det med egne ord og spør hva det koster, er du på rett spor.

## Verktøy

- **Perplexity** – konkurrent- og markedsresearch med kilder
- **ChatGPT** og **Claude** – idémyldring, intervjuanalyse og tekstforslag
- **Enhetsregisteret (Brønnøysundregistrene)** – søk etter virksomheter etter bransje og sted
- **SSB** – offentlig statistikk
- **Google Trends** – utviklingen i søkeinteresse
- **Calendly** eller **Google Kalender** – booking av intervjuer
- **Tally** eller **Google Forms** – enkle spørreskjemaer og ventelister
- **LinkedIn** og bransjegrupper på Facebook – for å finne intervjuobjekter`,
    },
    {
      id: 'niche-master-class',
      title: 'Master Class: Fra idé til validert tilbud',
      description:
        'En komplett valideringsprosess med nisjematrise, intervjuguide, konkurrentkart, prissetting og en forhåndssalgstest.',
      order: 3,
      type: 'interactive',
      isPremium: true,
      duration: 90,
      resources: [
        { title: 'Mal: Nisjematrise med poengsum' },
        { title: 'Mal: Intervjuguide for problemintervjuer' },
        { title: 'Prompt: Oppsummer intervjuene dine' },
        { title: 'Prompt: Konkurrentkart med Perplexity' },
        { title: 'Mal: Forhåndssalgsside og tilbudssetning' },
      ],
      content: `I denne Master Class-leksjonen går du fra en liste med ideer til et tilbud som minst én person har sagt ja til å betale for. Sett av rundt 90 minutter til selve arbeidsøkta. Intervjuene gjennomfører du i løpet av de neste par ukene.

## Del 1: Nisjematrisen (15 minutter)

Ta utgangspunkt i de tre beste ideene fra Quick Win-leksjonen. Fyll dem inn i **malen «Nisjematrise med poengsum»**. I tillegg til smerte, hyppighet, betalingsvilje og tilgjengelighet vurderer du:

- **Egen fordel:** Har du erfaring, nettverk eller innsikt andre mangler?
- **AI-egnethet:** Kan mye av leveransen automatiseres, slik at du kan betjene mange kunder alene?
- **Motivasjon:** Orker du å jobbe med denne målgruppen hver dag i tre år?

Velg én nisje å teste. Du kan komme tilbake til de andre senere.

## Del 2: Intervjuguide og rekruttering (20 minutter)

Tilpass **malen «Intervjuguide for problemintervjuer»** til nisjen din. Den har åpningsspørsmål, spørsmål om siste konkrete situasjon, spørsmål om nåværende løsninger og kostnader, og en avslutning der du ber om anbefalinger til andre du bør snakke med.

Lag en liste over 15 personer du kan kontakte, og skriv en kort, personlig melding. Be om 20 minutter, vær tydelig på at du ikke selger noe, og tilby å dele det du lærer. Send meldingene i dag.

## Del 3: Syntese med AI (15 minutter per runde)

Etter hver runde på fire–fem intervjuer limer du inn anonymiserte notater og kjører **prompten «Oppsummer intervjuene dine»**:

\`\`\`
Her er anonymiserte notater fra [antall] problemintervjuer med [målgruppe]:
[lim inn notater]

1. Hvilke problemer nevnes av flere? Sorter etter hvor ofte og hvor sterkt de beskrives.
2. Hvilke løsninger bruker de i dag, og hva koster de?
3. Siter de tre mest talende utsagnene ordrett.
4. Hva motsier antakelsene mine om at [din hypotese]?
5. Hvilke spørsmål bør jeg stille i neste runde?
\`\`\`

Vær spesielt oppmerksom på punkt 4. Det er lett å høre det man vil høre.

## Del 4: Konkurrentkart (15 minutter)

Bruk **prompten «Konkurrentkart med Perplexity»**:

\`\`\`
Finn produkter og tjenester som løser [problem] for [målgruppe] i Norge og Norden. For hver: navn, nettside, prismodell og pris hvis oppgitt, hva kundene roser og hva de klager på. Oppgi kilder. Avslutt med hull i markedet som ingen ser ut til å dekke godt.
\`\`\`

Sjekk lenkene selv. Marker i matrisen hvor du kan være annerledes: smalere målgruppe, norsk språk og norske regler, raskere levering eller en annen prismodell.

## Del 5: Pris og tilbudssetning (10 minutter)

Ta utgangspunkt i hva problemet koster kunden i dag, ikke i hva du tror du bør ta. Hvis en elektriker bruker fem timer i uka på tilbud, har tiden en verdi du kan regne på sammen med kunden. Skriv tilbudssetningen din med formelen fra Deep Dive, og lag tre prisalternativer: et enkelt, et anbefalt og et utvidet.

## Del 6: Forhåndssalg – den ekte testen (15 minutter)

Et ja i et intervju er en mening. En betaling er et bevis. Bruk **malen «Forhåndssalgsside og tilbudssetning»** til å lage en enkel side med problemet, løsningen, hva kunden får, prisen og leveringstidspunktet. Tilby en begrenset pilotgruppe en rabattert pris mot tidlig betaling, for eksempel via betalingslenke, faktura fra Fiken eller Vipps.

Sett et mål på forhånd, for eksempel tre betalende pilotkunder innen to uker. Når du når det, har du en validert nisje. Når du ikke gjør det, har du lært hva som må endres – og det har kostet deg uker, ikke måneder.

**Merk:** Selger du til forbrukere, gjelder angrerettloven. Vær tydelig på leveringstid og vilkår, og refunder uten diskusjon hvis piloten ikke blir noe av.

## Ressurser i denne leksjonen

- **Mal: Nisjematrise med poengsum** – sammenlign nisjer på syv kriterier.
- **Mal: Intervjuguide for problemintervjuer** – spørsmål som gir ærlige svar.
- **Prompt: Oppsummer intervjuene dine** – finn mønstre og motsigelser.
- **Prompt: Konkurrentkart med Perplexity** – kartlegg alternativene kundene har.
- **Mal: Forhåndssalgsside og tilbudssetning** – struktur for din første salgsside.`,
    },
    nicheQuiz,
  ],
};
