/** The Norwegian message each API error code shows by default. */
export const ERROR_MESSAGES = {
  validation_error: 'Ugyldige data i forespørselen.',
  invalid_json: 'Forespørselen inneholder ugyldig JSON.',
  unsupported_media_type: 'Forespørselen må sendes som JSON (Content-Type: application/json).',
  payload_too_large: 'Forespørselen er for stor.',
  not_found: 'Fant ikke det du lette etter.',
  conflict: 'Dette finnes allerede.',
  method_not_allowed: 'Metoden er ikke tillatt her.',
  unauthenticated: 'Du må logge inn for å fortsette.',
  forbidden: 'Du har ikke tilgang til dette.',
  forbidden_origin: 'Forespørselen kom fra et ukjent opphav.',
  rate_limited: 'For mange forsøk. Vent litt og prøv igjen.',
  invalid_token: 'Innloggingslenken er ugyldig eller allerede brukt.',
  expired_token: 'Innloggingslenken er utløpt. Be om en ny.',
  invalid_code: 'Koden er feil eller utløpt.',
  account_disabled: 'Kontoen er deaktivert. Ta kontakt med oss.',
  mail_failed: 'Kunne ikke sende e-post akkurat nå. Prøv igjen om litt.',
  internal_error: 'Noe gikk galt på serveren. Prøv igjen.',
  config_error: 'Serveren er feilkonfigurert.',
} as const;

/** A 429's message, saying when to try again. */
export const rateLimitedIn = (minutes: number) =>
  `For mange forsøk. Prøv igjen om ${minutes === 1 ? '1 minutt' : `${minutes} minutter`}.`;
