/** The Norwegian message each API error code shows by default. */
export const ERROR_MESSAGES = {
  validation_error: 'Ugyldige data i forespørselen.',
  invalid_json: 'Forespørselen inneholder ugyldig JSON.',
  invalid_form: 'Skjemaet kom ikke fram i lesbar form. Prøv igjen.',
  unsupported_media_type: 'Forespørselen må sendes som JSON (Content-Type: application/json).',
  payload_too_large: 'Forespørselen er for stor.',
  not_found: 'Fant ikke det du lette etter.',
  conflict: 'Dette finnes allerede.',
  method_not_allowed: 'Metoden er ikke tillatt her.',
  unauthenticated: 'Du må logge inn for å fortsette.',
  forbidden: 'Du har ikke tilgang til dette.',
  forbidden_origin: 'Forespørselen kom fra et ukjent opphav.',
  origin_required: 'Forespørselen mangler opphav (Origin). Last inn siden på nytt og prøv igjen.',
  rate_limited: 'For mange forsøk. Vent litt og prøv igjen.',
  invalid_token: 'Innloggingslenken er ugyldig eller allerede brukt.',
  expired_token: 'Innloggingslenken er utløpt. Be om en ny.',
  invalid_code: 'Koden er feil eller utløpt.',
  account_disabled: 'Kontoen er deaktivert. Ta kontakt med oss.',
  email_taken: 'E-postadressen er allerede i bruk av en annen bruker.',
  invalid_email_change: 'Bekreftelseslenken er ugyldig, utløpt eller allerede brukt. Be om en ny lenke fra profilen din.',
  invalid_unsubscribe_link:
    'Avmeldingslenken er ugyldig. Bruk lenken nederst i e-posten fra oss, eller logg inn og slå av e-postene på profilen din.',
  cannot_remove_own_admin: 'Du kan ikke fjerne din egen admin-tilgang.',
  cannot_deactivate_self: 'Du kan ikke deaktivere din egen bruker.',
  cannot_delete_self: 'Du kan ikke slette din egen bruker.',
  already_premium: 'Du har allerede Premium.',
  checkout_open:
    'Du har allerede en betaling på gang. Fullfør den i vinduet der du startet den, eller prøv igjen om en halvtime når den har utløpt.',
  consent_required: 'Kryss av for at du vil ha tilgang med en gang før du betaler.',
  no_subscription: 'Du har ikke noe abonnement som kan endres.',
  subscription_not_cancelable: 'Abonnementet kan ikke sies opp nå: det er allerede sagt opp eller avsluttet.',
  subscription_not_resumable: 'Abonnementet kan ikke fortsettes: det er ikke sagt opp, eller perioden er over.',
  subscription_resume_elsewhere:
    'En stoppet Vipps-avtale kan ikke startes igjen. Premium varer ut perioden du har betalt for; etterpå kan du kjøpe Premium på nytt.',
  refund_not_allowed: 'Betalingen kan ikke refunderes: den er ikke betalt, eller hele beløpet er allerede refundert.',
  refund_too_much: 'Du kan ikke refundere mer enn det som er igjen av betalingen.',
  refund_unavailable: 'Betalingsleverandøren kunne ikke refundere akkurat nå. Ingenting er refundert. Prøv igjen om litt.',
  org_number_unknown: 'Vi finner ikke organisasjonsnummeret i Enhetsregisteret. Sjekk at du har skrevet det riktig.',
  org_number_deleted: 'Organisasjonsnummeret tilhører en enhet som er slettet fra Enhetsregisteret.',
  price_mismatch: 'Prisen stemmer ikke med planen. Last inn siden på nytt og prøv igjen.',
  offer_sold_out: 'Alle plassene i dette tilbudet er tatt.',
  campaign_currency: 'Kampanjen kan ikke aktiveres: vi tar bare betalt i NOK. Velg NOK som valuta.',
  campaign_unchargeable: 'Kampanjen kan ikke aktiveres: prisen er ikke en pris vi kan ta betalt for.',
  campaign_countdown_without_offer: 'Kampanjen kan ikke aktiveres: en nedtelling må ha en lavere pris bak seg.',
  campaign_placeholder_features:
    'Kampanjen kan ikke aktiveres før funksjonene fra utkastet («Funksjon 1», «Funksjon 2») er byttet ut med det kundene faktisk får.',
  payment_unavailable: 'Betalingen kunne ikke startes akkurat nå. Ingenting er trukket. Prøv igjen om litt.',
  payments_unavailable:
    'Betaling er ikke satt opp på denne siden ennå, så Premium kan ikke kjøpes akkurat nå. Ingenting er trukket.',
  invalid_signature: 'Ugyldig signatur.',
  webhook_target_unknown: 'Hendelsen gjelder noe vi ikke kjenner ennå. Send den igjen senere.',
  provider_unreachable: 'Betalingstjenesten svarte ikke. Send hendelsen igjen senere.',
  provider_unavailable: 'Denne betalingsmåten er ikke tilgjengelig. Velg en annen.',
  newsletter_not_draft: 'Nyhetsbrevet er allerede planlagt eller sendt, og kan ikke endres eller sendes på nytt.',
  newsletter_not_cancelable: 'Bare en planlagt utsendelse, eller en som pågår, kan avbrytes.',
  schedule_in_past: 'Tidspunktet har allerede vært. Velg et tidspunkt fram i tid, eller send nå.',
  webhook_not_configured: 'Mottak av hendelser fra e-posttjenesten er ikke satt opp (MAIL_WEBHOOK_SECRET).',
  module_not_found: 'Modul ikke funnet',
  module_locked: 'Modulen er låst. Fullfør forrige modul først.',
  premium_required: 'Dette innholdet krever Premium.',
  no_upsell: 'Premium-brukere og administratorer får ikke tilbud om Premium.',
  certificate_not_ready: 'Kursbeviset får du når du har fullført alle modulene du har tilgang til.',
  name_required: 'Skriv inn navnet ditt først, så det kan stå på kursbeviset.',
  certificate_not_found: 'Fant ikke sertifikatet.',
  invalid_lesson: 'Leksjonen hører ikke til modulen, eller du har ikke tilgang til den.',
  posting_blocked: 'Du kan ikke lenger skrive spørsmål eller svar i guiden. Ta kontakt med oss om du mener dette er feil.',
  too_many_posts: 'Du har skrevet mange innlegg den siste timen. Vent litt før du skriver igjen.',
  links_not_allowed_yet: 'Nye kontoer kan ikke dele lenker ennå. Skriv innlegget uten lenke, eller prøv igjen om noen dager.',
  cannot_report_own: 'Du kan ikke rapportere ditt eget innlegg.',
  file_missing: 'Velg en fil å laste opp.',
  file_not_allowed:
    'Filtypen er ikke tillatt. Last opp PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx), CSV, tekst (.txt eller .md), PNG eller JPG.',
  file_too_large: 'Filen er for stor. Største tillatte størrelse er 10 MB.',
  captions_not_webvtt:
    'Tekstingsfilen er ikke gyldig WebVTT. Den må være en tekstfil i UTF-8 som begynner med «WEBVTT» på første linje.',
  captions_bad_timing:
    'Tekstingsfilen mangler gyldige tidskoder. Hver tekst må ha en tidskode som «00:00:01.000 --> 00:00:04.000», der slutten kommer etter starten.',
  captions_too_large: 'Tekstingsfilen er for stor. Største tillatte størrelse er 1 MB.',
  captions_file_unknown: 'Fant ikke tekstingsfilen. Last den opp på nytt.',
  link_expired: 'Nedlastingslenken er utløpt. Åpne leksjonen på nytt for å få en ny lenke.',
  internal_error: 'Noe gikk galt på serveren. Prøv igjen.',
  config_error: 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
  database_busy: 'Databasen er opptatt akkurat nå. Ingenting er lagret – prøv igjen om noen sekunder.',
  database_unavailable: 'Databasen svarer ikke som den skal.',
} as const;

/** A 429's message, saying when to try again. */
export const rateLimitedIn = (minutes: number) =>
  `For mange forsøk. Prøv igjen om ${minutes === 1 ? '1 minutt' : `${minutes} minutter`}.`;

/** The `not_found` message for an /api/… address no route answers. */
export const unknownApiPath = 'Ukjent API-adresse.';
