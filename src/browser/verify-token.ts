/**
 * The sign-in token of the e-mail link, read in this one place (so where it is kept before
 * this script runs can change here alone). It leaves the address bar and history at once;
 * any other query parameter (`redirect`) stays.
 */
export function takeVerifyToken(): string | null {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token !== null) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  return token || null;
}
