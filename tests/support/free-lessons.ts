/**
 * The free lessons of the seeded free modules (db/seed/content), by module in course order:
 * finishing them all is what a free learner does to finish the course (the certificate, the
 * continue card's end).
 */
export const FREE_LESSONS: Record<string, string[]> = {
  mindset: ['mindset-quick-win', 'mindset-deep-dive'],
  niche: ['niche-quick-win', 'niche-deep-dive'],
  build: ['build-quick-win', 'build-deep-dive'],
  marketing: ['marketing-innholdsmotor', 'marketing-bli-funnet'],
};
