/** A business buyer (company and org.nr) at the checkout, on the receipt and in the accounts. */
export const buyer = {
  companyRequired: 'Skriv inn firmanavnet.',
  companyTooLong: 'Firmanavnet kan ha høyst 200 tegn.',
  orgNumberInvalid: 'Organisasjonsnummeret må ha 9 siffer og være gyldig. Sjekk at du har skrevet det riktig.',
  /** A business buyer as documents name it (bokføringsforskriften § 5-1-1: with its org.nr). */
  company: (company: string, orgNumber: string) => `${company}, org.nr. ${orgNumber}`,
  /** The receipt mail's buyer line. */
  receiptLine: (company: string, orgNumber: string): string => `Kjøper: ${buyer.company(company, orgNumber)}`,
  form: {
    disclosure: 'Kjøper du som bedrift?',
    intro: 'Fyll inn firmaet, så står det på kvitteringen med organisasjonsnummer.',
    company: 'Firmanavn',
    orgNumber: 'Organisasjonsnummer',
    orgNumberHint: '9 siffer, for eksempel 923 609 016',
  },
} as const;
