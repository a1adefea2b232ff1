import { loginPath, PATHS } from '#shared/paths';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { nb } from '#shared/copy/nb';
import { $auth, loadUser, logout } from '#browser/stores/auth';
import { toast } from '#browser/stores/toast';

/** The signed-in guide: sends visitors to login, greets the user and offers logout. */
export default function GuideHome() {
  const auth = useStore($auth);

  useEffect(() => {
    loadUser().then((state) => {
      if (state.status === 'anonymous') window.location.replace(loginPath(PATHS.guide));
    });
  }, []);

  if (auth.status !== 'authenticated') {
    return (
      <p role="status" className="py-24 text-center text-muted">
        {nb.guide.loading}
      </p>
    );
  }

  async function onLogout() {
    await logout();
    toast({ title: nb.auth.loggedOutTitle, description: nb.auth.loggedOut });
    window.location.assign('/');
  }

  const name = auth.user.firstName || auth.user.email.split('@')[0]!;
  return (
    <header className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{nb.verify.welcomeBack(name)}</h1>
      <button type="button" className="btn-secondary" onClick={onLogout}>
        {nb.guide.logout}
      </button>
    </header>
  );
}
