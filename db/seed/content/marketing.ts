import type { SeedModule } from '#db/seed/types';
import { marketingQuiz } from './quizzes';

export const marketingModule: SeedModule = {
  id: 'marketing',
  order: 4,
  title: 'Markedsføring med AI',
  description:
    'Bygg synlighet uten markedsavdeling: lag innhold effektivt med AI, bli funnet på Google og følg en fast markedsplan.',
  icon: '📣',
  color: 'from-green-500 to-emerald-500',
  isPremium: false,
  difficulty: 'intermediate',
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
    marketingQuiz,
  ],
};
