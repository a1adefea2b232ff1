/**
 * Norwegian text of the sign-up: the lead form (landing, /takk, the no-JavaScript error page) and the consent it asks
 * for. Product texts are the product owner's wording, letter for letter.
 */
/** Bumping this wording means bumping CONSENT_TEXT_VERSION in constants.ts: each consent records the version it agreed to. */
export const consent = {
  text: 'Ja, jeg vil motta e-poster med tips, verktøy og tilbud fra Soloprenør. Jeg kan melde meg av når som helst.',
} as const;

/** The lead form (islands/leads/LeadForm.tsx) and the pages it leads to. */
export const leadForm = {
  emailLabel: 'E-postadresse',
  /** The link back on the error page a form post without JavaScript gets. */
  backToForm: 'Tilbake til skjemaet',
  /** Required: the terms, with links to both pages (the label reads as one sentence). */
  terms: {
    before: 'Jeg godtar ',
    termsLink: 'vilkårene',
    middle: ' og har lest ',
    privacyLink: 'personvernerklæringen',
    after: '.',
  },
  /** Optional and unticked: the guide comes without it. */
  consent: consent.text,
  consentHint: 'Valgfritt. Uten dette får du bare guiden og e-post om kontoen din.',
  emailPlaceholder: 'navn@firma.no',
  submit: 'Send meg guiden',
  submitting: 'Registrerer...',
  privacyNote: 'Vi deler aldri e-postadressen din.',
  successTitle: 'Takk for påmeldingen!',
  successText: 'Vi har sendt deg en innloggingslenke. Sjekk e-posten din.',
  errorTitle: 'Noe gikk galt',
  errorFallback: 'Kunne ikke registrere påmeldingen. Prøv igjen.',
  confirmedTitle: 'E-post bekreftet!',
  confirmedText: 'Guiden er sendt til deg – sjekk innboksen din.',
} as const;
