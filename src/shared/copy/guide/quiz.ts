/** A quiz lesson as the learner takes it (docs/decisions/0048-quizzes.md). */
export const quiz = {
  title: 'Quiz',
  intro: (count: number, passMark: number) =>
    `${count} spørsmål. Du består med minst ${passMark} % riktige svar, og du kan prøve så mange ganger du vil.`,
  questionLegend: (n: number, total: number) => `Spørsmål ${n} av ${total}`,
  pickOne: 'Velg ett svar.',
  pickAll: 'Velg alle som passer.',
  check: 'Sjekk svarene',
  checking: 'Sjekker …',
  retry: 'Prøv igjen',
  unanswered: (n: number) => `Svar på alle spørsmålene først (${n} mangler svar).`,
  right: 'Riktig',
  wrong: 'Feil',
  scoreLine: (score: number, total: number) => `${score} av ${total} riktige`,
  passed: 'bestått',
  notPassed: (passMark: number) => `ikke bestått. Du trenger ${passMark} % riktige for å bestå.`,
  resultTitle: 'Resultat',
  lastResult: (score: number, total: number, passed: boolean) =>
    `Forrige forsøk: ${score} av ${total} riktige${passed ? ' — bestått' : ''}.`,
  passedBefore: 'Du har bestått denne quizen.',
  failed: 'Kunne ikke sjekke svarene. Prøv igjen.',
  completesOnPass: 'Leksjonen blir fullført når du består quizen.',
} as const;
