/** A certificate's public page, /sertifikat/{id} (docs/decisions/0049-certificate-verification.md). */
import { learner } from '#shared/copy/guide/learner';

const pdf = learner.certificate.pdf;

export const certificatePage = {
  pageTitle: 'Sertifikat',
  description: 'Et kursbevis fra Soloprenør, delt av den som tok kurset.',
  loading: 'Henter sertifikatet …',
  heading: `Sertifikat: ${pdf.course}`,
  intro: pdf.intro,
  completed: 'har fullført',
  course: pdf.course,
  summary: pdf.summary,
  issuedOn: 'Fullført',
  idLabel: 'Sertifikat-ID',
  verified: 'Bekreftet av Soloprenør',
  verifiedText: 'Sertifikatet er utstedt av Soloprenør og vises her fordi eieren har valgt å dele det.',
  notFoundTitle: 'Fant ikke sertifikatet',
  notFoundText:
    'Lenken kan være skrevet feil, eller sertifikatet er ikke offentlig. Den som tok kurset bestemmer selv om det skal vises, og kan trekke det tilbake når som helst.',
  failedTitle: 'Kunne ikke hente sertifikatet',
  failedText: 'Noe gikk galt da vi skulle hente sertifikatet. Prøv igjen om litt.',
  home: 'Til forsiden',
  noscript: 'Siden trenger JavaScript for å hente sertifikatet.',
} as const;
