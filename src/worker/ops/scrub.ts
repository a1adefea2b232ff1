/**
 * What must never leave the server in a log line or an error report: e-mail addresses, and
 * anything that works as a key — bearer tokens, sign-in tokens and codes in a URL, and long
 * random strings (session tokens are 43 characters of base64url, hashes 64 of hex).
 */
const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[A-Za-z]{2,}/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',]+/gi;
const SECRET_PARAM = /\b(token|code|key|secret|password|sig|signature|session)=[^&\s"']+/gi;
const LONG_RANDOM = /\b[A-Za-z0-9_-]{32,}\b/g;

export function scrub(text: string): string {
  return text
    .replace(EMAIL, '[e-post]')
    .replace(BEARER, '$1 [skjult]')
    .replace(SECRET_PARAM, '$1=[skjult]')
    .replace(LONG_RANDOM, '[skjult]');
}

/** Every string in `value` (objects and arrays walked), scrubbed. */
export function scrubDeep<T>(value: T): T {
  if (typeof value === 'string') return scrub(value) as T;
  if (Array.isArray(value)) return value.map(scrubDeep) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubDeep(v)])) as T;
  }
  return value;
}
