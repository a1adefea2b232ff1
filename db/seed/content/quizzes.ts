import type { Quiz } from '#db/schema';
import type { SeedLesson } from '#db/seed/types';

/** A multiple-choice option: `correct` marks the right ones (never sent to the browser before an attempt). */
const opt = (id: string, text: string, correct = false) => ({ id, text, correct });

/**
 * The short quiz that ends each free module (docs/decisions/0048-quizzes.md): 3–4 questions on
 * what the module's free lessons teach, passed at 75 %.
 */
const quizLesson = (moduleId: string, topic: string, questions: Quiz['questions']): SeedLesson => ({
  id: `${moduleId}-quiz`,
  title: `Quiz: ${topic}`,
  description:
    'Sjekk hva du har lært i modulen. Du ser hva som var riktig og hvorfor, og kan prøve igjen så mange ganger du vil.',
  content: '',
  order: 4,
  type: 'quiz',
  isPremium: false,
  duration: 5,
  resources: [],
  quiz: { passMark: 75, questions },
});

export const mindsetQuiz = quizLesson('mindset', 'Soloprenør-tankesettet', [
  {
    id: 'q1',
    text: 'Hvilke tre ting bør en god prompt til AI-medarbeideren din inneholde?',
    multiple: false,
    options: [
      opt('a', 'Rolle, kontekst og en tydelig leveranse', true),
      opt('b', 'Så mange spørsmål som mulig på én gang'),
      opt('c', 'Bare et kort spørsmål, som i en søkemotor'),
    ],
    explanation:
      'Du briefer AI-en som en ny ansatt: en fast rolle, konteksten den trenger og hva du vil ha tilbake. Et søkemotorspørsmål gir et generelt svar.',
  },
  {
    id: 'q2',
    text: 'Hvilke beslutninger bør du ta raskt, helst samme dag?',
    multiple: false,
    options: [
      opt('a', 'Irreversible beslutninger (enveisdører)'),
      opt('b', 'Reversible beslutninger (toveisdører)', true),
      opt('c', 'Ingen – alle beslutninger bør utredes grundig'),
    ],
    explanation:
      'Reversible beslutninger kan omgjøres billig, så fart lønner seg. Bruk tid på de få som er dyre å angre på, som valg av selskapsform.',
  },
  {
    id: 'q3',
    text: 'Hva stemmer om enkeltpersonforetak (ENK) og aksjeselskap (AS)? Velg alle som passer.',
    multiple: true,
    options: [
      opt('a', 'I et ENK hefter du personlig for gjelden i bedriften', true),
      opt('b', 'Et AS krever minst 30 000 kr i aksjekapital', true),
      opt('c', 'Et ENK må ha minst én ansatt'),
      opt('d', 'Begge registreres via Samordnet registermelding i Altinn', true),
    ],
    explanation:
      'ENK er enkelt å starte, men du hefter personlig. AS krever 30 000 kr i aksjekapital og begrenser ansvaret. Begge registreres i Brønnøysundregistrene via Altinn, og ingen av dem krever ansatte.',
  },
  {
    id: 'q4',
    text: 'Hva er den beste motgiften mot tidstyver, ifølge leksjonen?',
    multiple: false,
    options: [
      opt('a', 'Å teste nye verktøy hver uke'),
      opt('b', 'Å sjekke e-posten oftere, så innboksen holdes tom'),
      opt('c', 'Tidsblokker: faste perioder der du bare gjør én type arbeid', true),
    ],
    explanation:
      'Tidsblokker gir plass til arbeidet som gir inntekter når energien er best. Hyppig e-post og nye verktøy er nettopp tidstyvene.',
  },
]);

export const nicheQuiz = quizLesson('niche', 'Finn din lønnsomme nisje', [
  {
    id: 'q1',
    text: 'Hvordan beskrives en god nisje?',
    multiple: false,
    options: [
      opt('a', 'Som et produkt, for eksempel «en app for bedre økonomi»'),
      opt('b', 'Som en målgruppe med et problem', true),
      opt('c', 'Som en bransje, for eksempel «økonomi»'),
    ],
    explanation:
      '«Selvstendige frisører som taper penger på kunder som ikke møter opp» er en nisje: en målgruppe med et konkret problem. Et produkt eller en bransje alene har ingen retning.',
  },
  {
    id: 'q2',
    text: 'Hvilke spørsmål gir ærlige svar i et problemintervju? Velg alle som passer.',
    multiple: true,
    options: [
      opt('a', '«Fortell om sist gang dette skjedde.»', true),
      opt('b', '«Ville du kjøpt dette?»'),
      opt('c', '«Hva koster dette deg i dag, i tid eller penger?»', true),
      opt('d', '«Hva gjorde du for å løse det?»', true),
    ],
    explanation:
      'Gode spørsmål handler om hva folk faktisk har gjort. «Ville du kjøpt dette?» gir et høflig ja som ikke betyr noe.',
  },
  {
    id: 'q3',
    text: 'Hva bør du gjøre før du limer intervjunotater inn i ChatGPT eller Claude?',
    multiple: false,
    options: [
      opt('a', 'Fjerne navn og personopplysninger', true),
      opt('b', 'Oversette dem til engelsk'),
      opt('c', 'Ingenting – AI-verktøy lagrer aldri det du skriver'),
    ],
    explanation: 'Personvernet er ditt ansvar: fjern navn og personopplysninger før du ber AI-en finne mønstre.',
  },
]);

export const buildQuiz = quizLesson('build', 'Bygg ditt første produkt med AI', [
  {
    id: 'q1',
    text: 'Hva er en MVP?',
    multiple: false,
    options: [
      opt('a', 'En dårlig versjon av drømmeproduktet'),
      opt('b', 'Den minste versjonen som leverer kjerneresultatet til kunden', true),
      opt('c', 'En ferdig app med alle funksjonene kundene har bedt om'),
    ],
    explanation:
      'En MVP er et verktøy for å lære om noen vil betale. Den trenger ikke engang være programvare: en concierge-MVP leverer resultatet manuelt.',
  },
  {
    id: 'q2',
    text: 'Hvor mange handlingsknapper bør en god landingsside ha?',
    multiple: false,
    options: [opt('a', 'Én', true), opt('b', 'Én per fordel'), opt('c', 'Så mange som mulig')],
    explanation:
      'Landingssiden skal få besøkende til å ta ett steg videre, så den har én tydelig handling: venteliste, samtale eller kjøp.',
  },
  {
    id: 'q3',
    text: 'Når må du registrere deg i Merverdiavgiftsregisteret?',
    multiple: false,
    options: [
      opt('a', 'Fra første krone du fakturerer'),
      opt('b', 'Når avgiftspliktig omsetning passerer 50 000 kr i løpet av tolv måneder', true),
      opt('c', 'Først når du får din første ansatte'),
    ],
    explanation: 'Grensen er 50 000 kr i avgiftspliktig omsetning over tolv måneder. Følg med på omsetningen fra første krone.',
  },
  {
    id: 'q4',
    text: 'Hvilke verktøy lar deg bygge en nettapp fra en tekstbeskrivelse? Velg alle som passer.',
    multiple: true,
    options: [opt('a', 'Lovable', true), opt('b', 'Bolt', true), opt('c', 'Fiken'), opt('d', 'Tally')],
    explanation:
      'Lovable og Bolt lager fungerende nettapper fra vanlig tekst. Fiken er regnskap og fakturering, Tally skjemaer og ventelister.',
  },
]);

export const marketingQuiz = quizLesson('marketing', 'Markedsføring med AI', [
  {
    id: 'q1',
    text: 'Hvor kommer de beste ideene til innholdsmotoren fra?',
    multiple: false,
    options: [
      opt('a', 'Fra kundene dine: spørsmål, e-poster og intervjunotater', true),
      opt('b', 'Fra AI-en, som finner på temaer selv'),
      opt('c', 'Fra konkurrentenes innlegg'),
    ],
    explanation:
      'Du står for innsikten og stemmen, AI-en for variasjonen. Et spørsmål flere kunder har stilt, er det beste råstoffet.',
  },
  {
    id: 'q2',
    text: 'Hva bør du sjekke før du publiserer innhold AI-en har skrevet? Velg alle som passer.',
    multiple: true,
    options: [
      opt('a', 'At det høres ut som deg', true),
      opt('b', 'At alle påstander er sanne', true),
      opt('c', 'At hvert innlegg har ett poeng og én oppfordring', true),
      opt('d', 'At teksten er så lang som mulig'),
    ],
    explanation:
      'Les teksten høyt, sjekk fakta (AI-en kan finne på detaljer) og hold hvert innlegg til ett poeng og én oppfordring.',
  },
  {
    id: 'q3',
    text: 'Hva gjør Google-bedriftsprofilen din mer treffsikker?',
    multiple: false,
    options: [
      opt('a', 'Fagord kundene ikke bruker, så du virker profesjonell'),
      opt('b', 'Ordene kundene selv søker på, og samme navn og adresse som i Enhetsregisteret', true),
      opt('c', 'Å skjule kritiske anmeldelser'),
    ],
    explanation:
      'Snekkeren i Drammen ble funnet da han brukte kundenes ord («bytte kledning») i stedet for «totalentreprenør». Svar på alle anmeldelser, også de kritiske.',
  },
]);
