/** The admin's Import section, the reasons a row is skipped, and the imported member's welcome mail. */
export const adminImports = {
  title: 'Import',
  intro:
    'Flytt medlemmer hit fra Ghost, Kajabi eller et regneark. Du ser hva som vil skje med hver rad før noe lagres, og ingen får e-post med mindre du krysser av for velkomstmail.',
  fileLabel: 'CSV-fil',
  fileHint: 'Ghosts medlemseksport, Kajabis kontakteksport, eller kolonnene email,name,consent,premium_until,plan. Høyst 10 MB.',
  upload: 'Last opp og forhåndsvis',
  uploading: 'Leser filen …',
  fileMissing: 'Velg en CSV-fil først.',
  uploadFailed: 'Fikk ikke kontakt med serveren. Prøv igjen.',
  cancel: 'Avbryt',
  formats: { ghost: 'Ghost', kajabi: 'Kajabi', plain: 'Enkel CSV' },
  formatFound: (format: string, rows: number) => `${format}-eksport med ${rows.toLocaleString('nb-NO')} rader.`,
  previewTitle: 'Dette skjer',
  previewProgressLabel: 'Fremdrift for forhåndsvisningen',
  previewing: 'Sjekker radene mot medlemmene du har:',
  outcomes: { new: 'Nye medlemmer', updated: 'Oppdateres', skipped: 'Hoppes over' },
  skippedTitle: 'Rader som hoppes over',
  skippedMore: (shown: number, all: number) => `Viser de første ${shown} av ${all.toLocaleString('nb-NO')}.`,
  columns: { row: 'Rad', email: 'E-post', reason: 'Grunn' },
  noSkipped: 'Ingen rader hoppes over.',
  rules:
    'Samtykke til e-post tas bare med når filen sier når det ble gitt; ellers importeres medlemmet uten samtykke. Betalende medlemmer med tid igjen får Premium til samme dato uten å bli belastet.',
  sendWelcome: 'Send velkomstmail til nye og oppdaterte medlemmer',
  sendWelcomeHint: 'Med lenke for å logge inn, og for Premium-medlemmer: når Premium varer til og hvordan de fornyer.',
  run: 'Importer',
  running: 'Importerer …',
  progressLabel: 'Fremdrift for importen',
  progress: (done: number, total: number) => `${done.toLocaleString('nb-NO')} av ${total.toLocaleString('nb-NO')} rader`,
  finished: 'Importen er ferdig.',
  another: 'Importer en fil til',
  reasons: {
    invalid_email: 'Ugyldig e-postadresse',
    duplicate: 'Samme adresse står lenger opp i filen',
    bad_date: 'Ugyldig dato (bruk ÅÅÅÅ-MM-DD)',
    bad_plan: 'Ukjent plan (bruk monthly eller yearly)',
    erased: 'Personen har fått slettet dataene sine her',
    unchanged: 'Allerede registrert – ingenting å endre',
  },
} as const;

/** The mail an imported member gets when the admin ticks it. */
export const importWelcomeMail = {
  subject: 'Velkommen til Soloprenør',
  greeting: 'Hei!',
  intro:
    'Medlemskapet ditt er flyttet til Soloprenør. Du logger inn med e-postadressen din – vi sender deg en innloggingslenke, uten passord.',
  button: 'Logg inn',
  premium: (until: string) =>
    `Du har Premium til ${until}, uten ny betaling. Vil du fortsette etter det, velger du en plan under «Premium» før datoen – ingenting fornyes av seg selv.`,
  why: 'Du får denne e-posten fordi du var medlem hos oss på plattformen vi brukte før.',
  fallback: 'Virker ikke knappen? Åpne denne lenken:',
  signature: 'Hilsen Soloprenør',
} as const;
