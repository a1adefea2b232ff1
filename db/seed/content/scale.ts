import type { SeedModule } from '#db/seed/types';

export const scaleModule: SeedModule = {
  id: 'scale',
  order: 7,
  title: 'Skaler alene',
  description:
    'Voks uten å ansette: bygg systemer, gå fra timepris til produkter, og vit når det er riktig å bytte selskapsform eller hente inn hjelp.',
  icon: '📈',
  color: 'from-red-500 to-rose-500',
  isPremium: true,
  difficulty: 'advanced',
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
