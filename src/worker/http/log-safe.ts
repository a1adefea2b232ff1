/** Control characters, and the two separators some log viewers break lines at. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;
const MAX_LENGTH = 500;

/**
 * Request-derived text (a path, a header) made fit for a log line: control characters are
 * escaped, so a request cannot end the line and forge the next one, and the length is capped.
 */
export function logSafe(text: string): string {
  const escaped = text.replace(CONTROL, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return escaped.length > MAX_LENGTH ? `${escaped.slice(0, MAX_LENGTH)}…` : escaped;
}
