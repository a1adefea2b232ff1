/** Questions and answers under a lesson, in the guide; the admin's inbox; the answer mail. */
import { QUESTIONS } from '#shared/constants';

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString('nb-NO')} ${many}`);

export const questions = {
  title: 'Spørsmål og svar',
  intro: 'Står du fast? Spør her – Soloprenør svarer, og andre deltakere kan hjelpe til.',
  askLabel: 'Ditt spørsmål',
  askHint: 'Vanlig tekst. Lenker og linjeskift går fint.',
  ask: 'Still spørsmål',
  asking: 'Sender...',
  asked: 'Spørsmålet ditt er publisert.',
  replyLabel: 'Ditt svar',
  reply: 'Svar',
  replyTo: 'Svar på spørsmålet',
  replying: 'Sender...',
  replied: 'Svaret ditt er publisert.',
  cancel: 'Avbryt',
  report: 'Rapporter',
  reportLabel: (name: string) => `Rapporter innlegget fra ${name}`,
  reported: 'Takk! Innlegget er rapportert, og vi ser på det.',
  official: 'Svar fra Soloprenør',
  you: 'Deg',
  anonymous: 'Deltaker',
  answers: (n: number) => plural(n, 'svar', 'svar'),
  noQuestions: 'Ingen spørsmål ennå. Still det første!',
  loading: 'Laster spørsmål...',
  loadFailed: 'Kunne ikke laste spørsmålene.',
  retry: 'Prøv igjen',
  older: 'Vis eldre spørsmål',
  blocked: 'Du kan ikke lenger skrive spørsmål eller svar.',
  tooShort: `Skriv minst ${QUESTIONS.minLength} tegn.`,
  tooLong: `Innlegget kan ha høyst ${QUESTIONS.maxLength.toLocaleString('nb-NO')} tegn.`,
  notText: 'Innlegget må være tekst.',
  linksNotYet: `Kontoer som er yngre enn ${QUESTIONS.linksAfterDays} dager kan ikke dele lenker ennå. Skriv innlegget uten lenke, eller prøv igjen senere.`,
  newAnswers: (n: number) => plural(n, 'nytt svar', 'nye svar'),
  newAnswersLink: (n: number) => `${plural(n, 'nytt svar', 'nye svar')} på spørsmålene dine`,
} as const;

export const questionMail = {
  subject: 'Du har fått svar på spørsmålet ditt',
  greeting: 'Hei!',
  intro: 'Spørsmålet ditt i Soloprenør-guiden har fått svar.',
  button: 'Les svaret',
  fallback: 'Virker ikke knappen? Åpne denne lenken:',
  why: 'Du får denne e-posten fordi du stilte et spørsmål under en leksjon. Vi sender høyst én slik e-post om dagen per spørsmål.',
  signature: 'Hilsen Soloprenør',
} as const;
