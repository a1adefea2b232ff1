import { atom } from 'nanostores';
import type { PublicUser } from '#shared/schemas/auth';
import { ApiError, api, call } from '#browser/api';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: PublicUser };

export const $auth = atom<AuthState>({ status: 'loading', user: null });

/** Fetches the current user; a failed check leaves the visitor anonymous (the cookie is the only token). */
export async function loadUser(): Promise<AuthState> {
  try {
    const { user } = await call(api.auth.me.$get());
    $auth.set({ status: 'authenticated', user });
  } catch (err) {
    if (!(err instanceof ApiError)) console.error(err);
    $auth.set({ status: 'anonymous', user: null });
  }
  return $auth.get();
}

export function setUser(user: PublicUser): void {
  $auth.set({ status: 'authenticated', user });
}

export async function logout(): Promise<void> {
  // A failed logout is ignored: the local state is cleared either way.
  await call(api.auth.logout.$post()).catch(() => undefined);
  $auth.set({ status: 'anonymous', user: null });
}
