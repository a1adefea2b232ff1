/** The welcome series a new site starts with (admins edit it under «Velkomstserie»). */
/** Three mails that point into the free guide (seed modules `mindset`, `build`, `marketing`), on day 0, 2 and 5. */
export const welcomeSeed = [
  {
    delayDays: 0,
    subject: 'Velkommen! Her er første steg',
    markdown: `Hei, og velkommen til Soloprenør!

Du har nettopp tatt det første steget mot å bygge en bedrift alene – med AI-verktøy i stedet for ansatte.

**Start med dette (10 minutter):** [Ansett din første AI-medarbeider](/guide/lessons/mindset). Du setter opp en assistent som tar unna de kjedelige oppgavene allerede i dag.

Hele den gratis guiden finner du på [soloprenør-guiden](/guide).

Lykke til!`,
  },
  {
    delayDays: 2,
    subject: 'Skriv landingssiden din på fem minutter',
    markdown: `Hei igjen!

De fleste venter for lenge med å vise frem ideen sin. Med riktig prompt har du en landingsside klar før kaffen er kald.

**Dagens oppgave:** Følg leksjonen [Skriv landingssiden din på fem minutter](/guide/lessons/build), og del den med tre personer du stoler på.

Når du er klar for mer, viser neste leksjon hvordan du bygger en MVP uten utviklerteam.`,
  },
  {
    delayDays: 5,
    subject: 'Én idé, ti innlegg: få kundene til å finne deg',
    markdown: `Hei!

Et produkt ingen ser, selger ikke. Modulen [Markedsføring med AI](/guide/lessons/marketing) viser deg innholdsmotoren: hvordan én idé blir ti innlegg på en halvtime.

**Tips:** Gjør én leksjon om dagen. Streaken din i guiden holder deg i gang.

Vi ses i guiden!`,
  },
] as const;
