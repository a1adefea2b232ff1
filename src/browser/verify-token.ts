/**
 * The sign-in token from the e-mail link leaves the address before any other script runs: the
 * first script in /guide/auth's head (pages/guide/auth.astro) moves it here, so no script, log
 * or Referer ever sees it in a URL. The verify island takes it once.
 */
export const VERIFY_TOKEN_KEY = 'soloprenor:verify-token';

/** The token, once: read and forgotten. Still in the address only if this browser refused storage. */
export function takeVerifyToken(): string | null {
  try {
    const token = sessionStorage.getItem(VERIFY_TOKEN_KEY);
    sessionStorage.removeItem(VERIFY_TOKEN_KEY);
    if (token) return token;
  } catch {
    // Storage refused: the head script left the token where it was.
  }
  return new URLSearchParams(window.location.search).get('token');
}
