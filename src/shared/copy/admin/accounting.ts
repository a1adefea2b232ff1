/** Norwegian text of the admin's accounting export (features/admin/accounting): receipts and credit notes for the accountant. */
export const adminAccounting = {
  title: 'Regnskap',
  intro: 'Last ned alle kvitteringer og kreditnotaer for en måned eller et år som CSV, klar for Excel og regnskapsføreren.',
  period: 'Periode',
  month: 'Måned',
  year: 'År',
  chooseMonth: 'Velg måned',
  chooseYear: 'Velg år',
  download: 'Last ned CSV',
  validation: {
    monthInvalid: 'Oppgi måneden som ÅÅÅÅ-MM, for eksempel 2026-11.',
    rangeReversed: 'Fra-måneden må være før eller lik til-måneden.',
    rangeTooLong: 'Velg høyst fem år om gangen.',
  },
  csv: {
    header: ['Nummer', 'Dato', 'Type', 'Kjøper', 'Netto', 'MVA', 'Brutto', 'Betalingsleverandør', 'Leverandørreferanse'],
    kinds: { receipt: 'Kvittering', credit_note: 'Kreditnota' },
    providers: { test: 'Test', stripe: 'Stripe', vipps: 'Vipps MobilePay' },
    privatePerson: 'Privatperson',
    fileName: (from: string, to: string) => (from === to ? `regnskap-${from}.csv` : `regnskap-${from}-til-${to}.csv`),
  },
} as const;
