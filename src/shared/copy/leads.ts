/** Norwegian UI text. Product texts are letter for letter from the spec. */
/** Bumping this wording means bumping CONSENT_TEXT_VERSION in constants.ts: each consent records the version it agreed to. */
export const consent = {
  text: 'Ja, jeg vil motta e-poster med tips, verktøy og tilbud fra Soloprenør. Jeg kan melde meg av når som helst.',
} as const;
