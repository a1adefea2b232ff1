/**
 * The messages of the shared schemas. A module of its own, so the
 * landing's lead form carries these lines and not all of the site's text.
 */
export const validation = {
  emailInvalid: 'Ugyldig epostadresse',
  emailRequired: 'Skriv inn e-postadressen din',
  consentRequired: 'Du må samtykke for å fortsette',
  withdrawalConsentRequired: 'Kryss av for at du vil ha tilgang med en gang før du betaler.',
  codeInvalid: 'Koden består av 6 sifre',
  tokenMissing: 'Ingen token funnet',
  eventUnknown: 'Ukjent hendelse',
  eventPropsTooLarge: 'Hendelsesdata er for store',
  eventQuestionMissing: 'Hendelsen faq_open må ha spørsmålet i eventProps.question',
  eventPageViewProps: 'En sidevisning kan bare ha eventProps.utmSource',
  nameInvalid: 'Fornavnet kan bare ha bokstaver, mellomrom, bindestrek og apostrof, og høyst 50 tegn',
  sourceUnknown: 'Ukjent kilde for påmeldingen',
  planUnknown: 'Ukjent plan. Velg månedlig eller årlig.',
  couponCodeRequired: 'Skriv inn en rabattkode.',
  providerUnknown: 'Ukjent betalingsmåte. Velg Vipps eller kort.',
  priceInvalid: 'Ugyldig pris',
  depthLevelInvalid: 'Velg et gyldig nivå',
  nothingToSave: 'Ingen endringer å lagre',
  noteTooLong: 'Notatet kan være høyst 10 000 tegn.',
  noteBookmark: 'Bokmerket må være på eller av.',
  linkTokenMissing: 'Lenken er ufullstendig. Kopier hele lenken fra e-posten.',
  consentChoiceInvalid: 'Velg om du vil ha e-poster eller ikke',
  sameEmail: 'Dette er allerede e-postadressen din',
  searchTooShort: 'Skriv minst 2 tegn for å søke.',
  searchTooLong: 'Søket kan ha høyst 100 tegn.',
  certificatePublic: 'Velg om kursbeviset skal vises på en offentlig side eller ikke.',
} as const;

/**
 * Control characters in text (parseWith names the field before these, unlike the messages
 * above): NUL, escape codes and the like have no place in what people write.
 */
export const textValidation = {
  singleLine: 'Kan ikke inneholde linjeskift, tabulator eller andre kontrolltegn (usynlige tegn som NUL).',
  multiLine: 'Kan ikke inneholde kontrolltegn (usynlige tegn som NUL). Linjeskift og tabulator går fint.',
} as const;
