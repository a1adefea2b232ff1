import type { SeedModule } from '#db/seed/types';
import { mindsetQuiz } from './quizzes';

export const mindsetModule: SeedModule = {
  id: 'mindset',
  order: 1,
  title: 'Soloprenør-tankesettet',
  description:
    'Lær å tenke som en gründer som eier alt selv: ta raske beslutninger, bruk AI-verktøy som ansatte og beskytt tiden din mot tidstyvene.',
  icon: '🧠',
  color: 'from-orange-500 to-amber-500',
  isPremium: false,
  difficulty: 'beginner',
  lessons: [
    {
      id: 'mindset-quick-win',
      title: 'Quick Win: Ansett din første AI-medarbeider',
      description:
        'Gi ChatGPT eller Claude en fast rolle som assistenten din, og få en prioritert plan for uka tilbake på fem minutter.',
      order: 1,
      type: 'ai-prompt',
      isPremium: false,
      duration: 5,
      resources: [],
      content: `## Hva du skal gjøre

Som soloprenør har du ingen ansatte å delegere til, men du har AI-verktøy som kan fylle rollen som assistent, rådgiver og sparringspartner. I denne øvelsen «ansetter» du din første AI-medarbeider og lar den hjelpe deg å prioritere uka.

## Slik gjør du det

1. Åpne **ChatGPT**, **Claude** eller en annen AI-assistent du har tilgang til.
2. Kopier prompten under og fyll inn feltene i hakeparentes.
3. Svar på oppfølgingsspørsmålene, og velg **én** oppgave fra listen som du gjør i dag.

\`\`\`
Du er min operative assistent og sparringspartner. Jeg starter eller driver en bedrift alene i Norge, uten ansatte.

Om meg:
- Hva jeg jobber med: [beskriv ideen eller bedriften din i én–to setninger]
- Timer jeg har til rådighet denne uka: [antall timer]
- Det viktigste målet mitt de neste 30 dagene: [for eksempel første betalende kunde]

Oppgavene dine:
1. Still meg inntil tre oppfølgingsspørsmål hvis noe er uklart.
2. Lag en prioritert liste med maks fem oppgaver for denne uka, sortert etter hvor mye de bringer meg nærmere målet.
3. Marker hvilke oppgaver du eller et annet AI-verktøy kan gjøre helt eller delvis for meg.
4. Foreslå minst én ting jeg bør slutte med eller utsette.

Svar kort, konkret og på norsk.
\`\`\`

## Hvorfor dette virker

Prompten følger samme oppskrift som når du briefer en ny ansatt: **rolle**, **kontekst** og **en tydelig leveranse**. Jo mer presis du er om målet ditt, desto mer nyttig blir svaret.

**Tips:** Lagre prompten i et notat, for eksempel i Notion eller Google Docs. Den er starten på ditt eget promptbibliotek, og du kan kjøre den på nytt hver mandag.`,
    },
    {
      id: 'mindset-deep-dive',
      title: 'Deep Dive: Slik tenker en soloprenør',
      description:
        'Fire grunnprinsipper for å drive alene: fullt eierskap, raske beslutninger, AI som ansatte og kontroll over tiden din.',
      order: 2,
      type: 'text',
      isPremium: false,
      duration: 20,
      resources: [],
      content: `Å starte alene er ikke bare en mindre versjon av å starte et selskap med ansatte. Du er sjef, selger, utvikler og regnskapsansvarlig på samme tid. Det krever et annet tankesett. Her er fire prinsipper som gjør forskjellen.

## 1. Du eier 100 % – både gevinsten og ansvaret

Når du driver alene, er alle beslutninger dine. Du slipper å forhandle med medgründere eller investorer, og overskuddet tilhører deg. Samtidig finnes det ingen å skylde på. Det er befriende, men bare hvis du tar eierskapet bevisst.

Det starter med selskapsformen:

- **Enkeltpersonforetak (ENK)** er enkelt å starte og har enklere regnskapsregler, men du hefter personlig for gjelden i bedriften.
- **Aksjeselskap (AS)** krever minst 30 000 kr i aksjekapital og mer formalia, men ansvaret ditt er i utgangspunktet begrenset til det du har skutt inn.

Begge registreres i Brønnøysundregistrene via Samordnet registermelding i Altinn.

**Eksempel:** Tenk deg Kari, en grafisk designer i Trondheim som vil selge ferdige profilpakker til små bedrifter. Hun har lav risiko og få utgifter, så hun starter som ENK og fører regnskapet selv i Fiken. Hun noterer seg at hun vil vurdere AS den dagen omsetningen og risikoen øker, og tar den samtalen med en regnskapsfører i stedet for å grue seg til den.

## 2. Raske beslutninger slår perfekte beslutninger

Ditt største konkurransefortrinn mot store selskaper er fart. Ingen styremøter, ingen godkjenningsrunder. Men fart krever at du skiller mellom to typer beslutninger:

- **Reversible beslutninger** (toveisdører) kan omgjøres billig. Ta dem raskt – helst samme dag.
- **Irreversible beslutninger** (enveisdører) er dyre å angre på. Bruk tid, innhent råd og sov på dem.

De fleste beslutningene dine er reversible, selv om de ikke føles sånn.

**Eksempel:** Valget mellom Fiken og Tripletex som regnskapssystem kan ta uker hvis du lar det. Men du kan bytte senere, og begge dekker behovene til en nystartet bedrift. Sett av 30 minutter, velg ett og gå videre. En treårig leiekontrakt på et kontorlokale, derimot, er en enveisdør. Der skal du bruke tid.

## 3. AI-verktøy er dine ansatte – gi dem stillingsbeskrivelser

Mange bruker ChatGPT eller Claude som en søkemotor: ett spørsmål, ett svar, ferdig. Soloprenører som får mest ut av AI, behandler verktøyene som medarbeidere. De gir dem en fast rolle, nødvendig kontekst og tydelige kvalitetskrav – og de kontrollerer arbeidet før det går ut til kunder.

Tre regler å leve etter:

1. **Én rolle per samtale eller prosjekt.** «Kundeservice», «tekstforfatter» og «økonomiassistent» er ulike jobber.
2. **Kontekst er alt.** Lim inn priser, vilkår, tone og eksempler på gode svar.
3. **Du er fortsatt sjefen.** AI kan ta feil. Ansvaret overfor kunden og myndighetene er ditt.

**Eksempel:** Ole driver en liten nettbutikk med turutstyr fra Bodø. I et eget prosjekt i Claude har han lagt inn returvilkårene sine, inkludert 14 dagers angrerett, og en beskrivelse av tonen han vil ha. Hver morgen limer han inn kundehenvendelsene, uten navn og kontaktopplysninger, og får utkast til svar som han leser gjennom og sender. Det som før tok en hel formiddag, er nå en rask gjennomlesning.

Husk personvernet: Ikke lim inn sensitive personopplysninger i AI-verktøy, og sjekk innstillingene for hvordan dataene dine brukes.

## 4. Tidstyver og fokus

Når ingen andre styrer kalenderen din, er det lett å la dagen fylles av ting som føles produktive uten å være det. Typiske tidstyver for soloprenører er:

- å sjekke e-post og sosiale medier flere ganger i timen
- å teste nye verktøy i stedet for å bruke dem du har
- å finpusse logo og nettside før noen har betalt deg
- møter og kaffeprat uten et klart formål
- manuell bokføring og fakturering som kunne vært automatisert

Motgiften er **tidsblokker**: faste perioder i kalenderen der du bare gjør én type arbeid. Legg det viktigste arbeidet – det som gir inntekter – der energien din er best.

**Eksempel:** En selvstendig konsulent i Bergen blokkerer 08.00–11.00 hver dag til kundearbeid og produktutvikling, med telefonen på flymodus. E-post behandles samlet klokka 11 og 15. Hun har koblet bankkontoen til regnskapssystemet, slik at bilagene stort sett matches automatisk, og bruker fredag ettermiddag til økonomi og planlegging for neste uke.

## Verktøy

- **ChatGPT** og **Claude** – sparring, tekstutkast og analyse
- **Perplexity** – research med kildehenvisninger
- **Notion** eller **Google Docs** – promptbibliotek og beslutningslogg
- **Google Kalender** – tidsblokker og faste rutiner
- **Fiken** eller **Tripletex** – regnskap, fakturering og bankintegrasjon
- **Altinn** og **Brønnøysundregistrene** – registrering av foretaket ditt

Neste steg: I Master Class-leksjonen setter du disse prinsippene i system og bygger ditt eget AI-team.`,
    },
    {
      id: 'mindset-master-class',
      title: 'Master Class: Bygg ditt AI-team og personlige operativsystem',
      description:
        'En praktisk arbeidsøkt der du kartlegger tiden din, definerer AI-rollene dine og setter opp faste rutiner for beslutninger og fokus.',
      order: 3,
      type: 'interactive',
      isPremium: true,
      duration: 75,
      resources: [
        { title: 'Mal: Tidsrevisjon for én uke' },
        { title: 'Mal: Stillingsbeskrivelse for AI-medarbeider' },
        { title: 'Mal: Beslutningslogg' },
        { title: 'Prompt: Ukentlig gjennomgang med AI' },
        { title: 'Prompt: Finn tidstyvene i kalenderen din' },
      ],
      content: `Denne Master Class-leksjonen er en arbeidsøkt, ikke bare lesing. Sett av rundt 75 minutter, ha kalenderen din åpen og en AI-assistent klar i en annen fane. Når du er ferdig, har du et enkelt operativsystem for hvordan du jobber alene.

## Del 1: Tidsrevisjon (15 minutter)

Du kan ikke beskytte tiden din før du vet hvor den går. Bruk **malen «Tidsrevisjon for én uke»**. Den har én rad per arbeidsoppgave og kolonner for tidsbruk, energinivå og om oppgaven gir inntekt direkte, indirekte eller ikke i det hele tatt.

Fyll inn forrige uke så godt du husker, ved hjelp av kalenderen og e-posten din. Kjør deretter **prompten «Finn tidstyvene i kalenderen din»**:

\`\`\`
Her er en oversikt over hvordan jeg brukte arbeidstiden min forrige uke, som soloprenør i Norge:
[lim inn tabellen fra tidsrevisjonen]

1. Grupper oppgavene i: inntektsskapende, nødvendig drift og tidstyver.
2. Pek ut de tre oppgavene som stjeler mest tid i forhold til verdien de gir.
3. For hver av dem: foreslå om jeg bør slutte med den, automatisere den, la et AI-verktøy gjøre den eller samle den i en fast tidsblokk.
Svar i en tabell.
\`\`\`

## Del 2: Definer AI-teamet ditt (20 minutter)

Velg de to eller tre rollene du har mest bruk for nå. Typiske startroller er **tekstforfatter**, **kundeservice**, **researcher** og **økonomiassistent**. Bruk **malen «Stillingsbeskrivelse for AI-medarbeider»** for hver rolle. Den inneholder:

- **Rolle og mål:** Hva skal denne «medarbeideren» oppnå?
- **Kontekst:** Bedriften din, målgruppen, priser, vilkår og tone.
- **Arbeidsoppgaver:** Konkrete oppgaver rollen skal løse.
- **Kvalitetskrav:** Hva kjennetegner et godt svar? Hva må aldri skje?
- **Kontrollpunkt:** Hva må du alltid sjekke før noe sendes ut?

Lim stillingsbeskrivelsen inn som egne instruksjoner, for eksempel som et prosjekt i Claude eller en egen GPT i ChatGPT. Test hver rolle med en ekte oppgave fra uka di.

## Del 3: Beslutningsregler og beslutningslogg (15 minutter)

Skriv ned dine egne regler for når du bestemmer raskt og når du går sakte. Et eksempel:

- Koster det under 2 000 kr og kan omgjøres? Bestem innen dagen er omme.
- Binder det deg i mer enn et år, eller gjelder det selskapsform, avtaler eller ansettelser? Sov på det og få en ekstern vurdering.

Opprett **malen «Beslutningslogg»**: dato, beslutning, hvorfor, hva du forventer skal skje, og når du skal evaluere. Loggen gjør deg tryggere på å bestemme raskt, fordi du lærer av beslutningene i stedet for å gruble over dem.

## Del 4: Fokusrutine og ukentlig gjennomgang (15 minutter)

Legg inn faste tidsblokker i kalenderen for de neste fire ukene: dypt arbeid, e-post og administrasjon, salg og en ukentlig gjennomgang. Den ukentlige gjennomgangen gjør du med **prompten «Ukentlig gjennomgang med AI»**:

\`\`\`
Du er min forretningscoach. Her er status for uka mi:
- Mål for uka: [mål]
- Hva jeg faktisk fikk gjort: [liste]
- Hva som stoppet meg: [hindringer]
- Tall: [for eksempel salg, nye leads, timer brukt]

Gi meg: 1) en ærlig vurdering av uka på tre setninger, 2) de tre viktigste prioriteringene for neste uke, 3) én tidstyv jeg bør kutte. Vær direkte.
\`\`\`

## Del 5: Sett det sammen (10 minutter)

Samle alt på én side i Notion eller Google Docs: AI-rollene dine, beslutningsreglene, tidsblokkene og lenke til beslutningsloggen. Dette er **operativsystemet** ditt. Les gjennom det hver mandag, og juster når noe ikke fungerer.

## Ressurser i denne leksjonen

- **Mal: Tidsrevisjon for én uke** – regneark for å kartlegge tid, energi og verdi.
- **Mal: Stillingsbeskrivelse for AI-medarbeider** – struktur for å gi AI-verktøy en fast rolle.
- **Mal: Beslutningslogg** – enkel logg for å lære av beslutningene dine.
- **Prompt: Ukentlig gjennomgang med AI** – fast rutine for refleksjon og prioritering.
- **Prompt: Finn tidstyvene i kalenderen din** – analyse av tidsrevisjonen.`,
    },
    mindsetQuiz,
  ],
};
