import { atom, onMount } from 'nanostores';
import { auth } from '#shared/copy/auth';
import { PATHS } from '#shared/paths';
import type { PublicUser } from '#shared/schemas/auth';
import { api, call } from '#browser/api';
import { toastAcrossNavigation } from './toast';

export type AuthState =
  { status: 'loading'; user: null } | { status: 'anonymous'; user: null } | { status: 'authenticated'; user: PublicUser };

const ANONYMOUS: AuthState = { status: 'anonymous', user: null };

/** Who is signed in: loading until the session check answers, then anonymous or the user. */
export const $auth = atom<AuthState>({ status: 'loading', user: null });

let check: Promise<AuthState> | undefined;

/**
 * The session check, once per page load, however many islands ask. The session lives in an
 * HttpOnly cookie, so a failed check (no session, expired, network) simply leaves the visitor
 * anonymous, silently.
 */
export function checkSession(): Promise<AuthState> {
  check ??= call(api.auth.me.$get()).then(
    ({ user }) => setUser(user),
    () => {
      $auth.set(ANONYMOUS);
      return ANONYMOUS;
    },
  );
  return check;
}

// Starts the check as soon as anything shows the auth state — in the browser: prerendering a page
// reads the store too, and its state must stay 'loading' there, not what a failed fetch at build time left.
onMount($auth, () => {
  if (typeof window !== 'undefined') void checkSession();
});

/** How the guide greets a user: their first name, else the name part of their address. */
export const displayName = (user: PublicUser): string => user.firstName || user.email.split('@')[0]!;

/** Fetches the user again after something changed them on the server (an upgrade, say). */
export function refreshUser(): Promise<AuthState> {
  check = undefined;
  return checkSession();
}

export function setUser(user: PublicUser): AuthState {
  const state: AuthState = { status: 'authenticated', user };
  $auth.set(state);
  return state;
}

/** Logs out ('Logget ut' / 'Du har blitt logget ut') and returns to the front page; a failed call is ignored. */
export async function logout(): Promise<void> {
  await call(api.auth.logout.$post()).catch(() => undefined);
  $auth.set(ANONYMOUS);
  toastAcrossNavigation({ title: auth.loggedOutTitle, description: auth.loggedOut });
  window.location.assign(PATHS.home);
}

/**
 * After the account is deleted: nothing of the user stays in this browser — the auth state, and
 * whatever this site keeps in its storage (a pending toast, a sign-in token, per-user flags).
 */
export function forgetUser(): void {
  check = undefined;
  $auth.set(ANONYMOUS);
  try {
    sessionStorage.clear();
    localStorage.clear();
  } catch {
    // Storage may be off (private mode): then it holds nothing either.
  }
}
