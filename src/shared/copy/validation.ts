/** Norwegian UI text. Product texts are letter for letter from the spec. */
export const validation = {
  emailInvalid: 'Ugyldig epostadresse',
  emailRequired: 'Skriv inn e-postadressen din',
  consentRequired: 'Du må samtykke for å fortsette',
  codeInvalid: 'Koden består av 6 sifre',
  tokenMissing: 'Ingen token funnet',
  eventUnknown: 'Ukjent hendelse',
  eventPropsTooLarge: 'Hendelsesdata er for store',
  eventQuestionMissing: 'Hendelsen faq_open må ha spørsmålet i eventProps.question',
  leadNotFound: 'Fant ikke påmeldingen',
  planUnknown: 'Ukjent plan. Velg månedlig eller årlig.',
  priceInvalid: 'Ugyldig pris',
} as const;
