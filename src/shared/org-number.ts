/**
 * A Norwegian organisasjonsnummer: nine digits, the last a check digit by modulus 11 over the
 * first eight with weights 3, 2, 7, 6, 5, 4, 3, 2 (Brønnøysundregistrene's rule). A remainder that
 * would need check digit 10 is never issued, so such a number is invalid.
 */
const WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The number as typed, without the spaces people put in it ("923 609 016"). */
export const compactOrgNumber = (input: string) => input.replace(/[ \u00a0]/g, '');

export function isValidOrgNumber(orgNumber: string): boolean {
  if (!/^\d{9}$/.test(orgNumber)) return false;
  const digits = [...orgNumber].map(Number);
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * digits[i]!, 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === digits[8];
}
