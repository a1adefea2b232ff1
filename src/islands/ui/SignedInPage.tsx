import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { loginPath } from '#shared/paths';
import type { PublicUser } from '#shared/schemas/auth';
import { $auth, checkSession } from '#browser/stores/auth';
import Loading from './Loading';

/**
 * A page for signed-in users only: a visitor goes to login (and back to `path` after signing
 * in); until the session is known it says `loading`; then it shows `children` for the user.
 */
export function SignedInPage({
  path,
  loading,
  children,
}: {
  path: string;
  loading: string;
  children: (user: PublicUser) => ReactNode;
}) {
  const auth = useStore($auth);

  useEffect(() => {
    void checkSession().then((state) => {
      if (state.status === 'anonymous') window.location.replace(loginPath(path));
    });
  }, [path]);

  if (auth.status !== 'authenticated') return <Loading text={loading} />;
  return children(auth.user);
}
