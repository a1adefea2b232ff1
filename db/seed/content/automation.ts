import type { SeedModule } from '#db/seed/types';

export const automationModule: SeedModule = {
  id: 'automation',
  order: 6,
  title: 'Automatisering: 40 timer i uka',
  description:
    'Kartlegg de repeterende oppgavene dine og automatiser dem med Make, Zapier og AI, slik at tiden din går til det bare du kan gjøre.',
  icon: '⚡',
  color: 'from-indigo-500 to-purple-500',
  isPremium: true,
  difficulty: 'advanced',
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
