import { nb } from '#shared/copy/nb';
import type { SignInResponse } from '#shared/schemas/auth';
import { displayName, setUser } from './stores/auth';
import { toastAcrossNavigation } from './stores/toast';

/**
 * After a link or code signed the user in: '✅ Innlogget' / 'Velkommen tilbake, {name}!', then
 * on to where the server sends this user: the `?redirect=` the login page was opened with
 * (stored with the link, so the e-mailed address stays short and cannot be re-pointed), else
 * /admin for an admin, else /guide.
 */
export function finishSignIn({ user, redirectTo }: SignInResponse, delayMs = 0): void {
  setUser(user);
  toastAcrossNavigation({ title: nb.verify.signedInTitle, description: nb.verify.welcomeBack(displayName(user)) });
  window.setTimeout(() => window.location.replace(redirectTo), delayMs);
}
