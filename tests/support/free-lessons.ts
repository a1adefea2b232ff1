/**
 * The free lessons of the seeded free modules (db/seed/content), by module in course order:
 * finishing them all is what a free learner does to finish the course (the certificate, the
 * continue card's end). Each module ends with its quiz, which POST /api/guide/progress completes
 * while the certificate does not require passed quizzes (the default; docs/decisions/0048-quizzes.md).
 */
export const FREE_LESSONS: Record<string, string[]> = {
  mindset: ['mindset-quick-win', 'mindset-deep-dive', 'mindset-quiz'],
  niche: ['niche-quick-win', 'niche-deep-dive', 'niche-quiz'],
  build: ['build-quick-win', 'build-deep-dive', 'build-quiz'],
  marketing: ['marketing-innholdsmotor', 'marketing-bli-funnet', 'marketing-quiz'],
};
