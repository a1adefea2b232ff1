/**
 * An address as logs and the admin's failure list show it: enough to recognise (first letter,
 * the domain), not enough to copy (`k***@example.no`).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
