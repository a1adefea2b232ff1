import { verify } from '#shared/copy/auth';
import { loginPath } from '#shared/paths';
import type { SignInResponse } from '#shared/schemas/auth';
import { ApiError } from './call';
import { setUser } from './stores/auth';
import { toastAcrossNavigation } from './stores/toast';
import { welcome } from './first-visit';

/**
 * After a link or code signed the user in: '✅ Innlogget' / the welcome (first visit or back), then
 * on to where the server sends this user: the `?redirect=` the login page was opened with
 * (stored with the link, so the e-mailed address stays short and cannot be re-pointed), else
 * /admin for an admin, else /guide.
 */
export function finishSignIn({ user, redirectTo }: SignInResponse, delayMs = 0): void {
  setUser(user);
  toastAcrossNavigation({ title: verify.signedInTitle, description: welcome(user) });
  window.setTimeout(() => window.location.replace(redirectTo), delayMs);
}

/** After a session ended while the page was open (the API answered 401): to login, and back to `path` after. */
export function leaveIfSignedOut(err: unknown, path: string): void {
  if (err instanceof ApiError && err.status === 401) window.location.replace(loginPath(path));
}
