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

/** The learner's choice on the finished card in /guide: show the certificate on its page, or withdraw it. */
export const certificateSharing = {
  publicTitle: 'Del kursbeviset',
  publicText:
    'Vil du vise kursbeviset til en kunde eller arbeidsgiver? Da får det en egen side med navnet ditt, kurset og datoen, som alle med lenken kan se. Lenken står også på PDF-en.',
  publish: 'Vis sertifikatet på en offentlig side',
  publishing: 'Publiserer …',
  isPublic: 'Kursbeviset ditt vises på en offentlig side:',
  open: 'Åpne siden',
  copy: 'Kopier lenken',
  copied: 'Lenken er kopiert.',
  copyFailed: 'Kunne ikke kopiere. Merk lenken og kopier den selv.',
  withdraw: 'Trekk tilbake',
  withdrawing: 'Trekker tilbake …',
  withdrawn: 'Sertifikatet er trukket tilbake. Siden viser det ikke lenger.',
  published: 'Sertifikatet vises nå på en offentlig side.',
  publicFailed: 'Kunne ikke endre dette akkurat nå. Prøv igjen.',
} as const;
