/** What a visitor reads when a rate limit stops them. */
export const rateLimitCopy = {
  tryAgainIn: (minutes: number) => `For mange forsøk. Prøv igjen om ${minutes === 1 ? '1 minutt' : `${minutes} minutter`}.`,
} as const;
