import { nb } from '#shared/copy/nb';
import { REDIRECT_PARAM } from '#shared/paths';
import type { SignInResponse } from '#shared/schemas/auth';
import { sameSitePath } from '#shared/schemas/common';
import { setUser } from './stores/auth';
import { toastAcrossNavigation } from './stores/toast';

/** The page's own `?redirect=` when it is a path on this site. */
export const redirectParam = (): string | undefined =>
  sameSitePath(new URLSearchParams(window.location.search).get(REDIRECT_PARAM));

/**
 * After a link or code signed the user in: '✅ Innlogget' / 'Velkommen tilbake, {name}!', then
 * on to `?redirect=`, else where the server sends this user (the path stored with the link,
 * /admin for an admin, /guide for everyone else).
 */
export function finishSignIn({ user, redirectTo }: SignInResponse, delayMs = 0): void {
  setUser(user);
  toastAcrossNavigation({ title: nb.verify.signedInTitle, description: nb.verify.welcomeBack(user.firstName || user.email) });
  window.setTimeout(() => window.location.replace(redirectParam() ?? redirectTo), delayMs);
}
