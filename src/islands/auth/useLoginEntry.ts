import { useEffect, useState } from 'react';
import { LOGIN_CODE_FRAGMENT, PATHS, REDIRECT_PARAM, sameSitePath } from '#shared/paths';
import { checkSession } from '#browser/stores/auth';

/** The page's own `?redirect=` when it is a path on this site: sent with the link request, and followed by a visitor already signed in. */
export const redirectParam = (): string | undefined =>
  sameSitePath(new URLSearchParams(window.location.search).get(REDIRECT_PARAM));

/**
 * What the login page does on arrival: a signed-in visitor goes straight on; `#kode` in the
 * address opens the code form (then and on every later change of the hash); `hydrated` says
 * the script runs, so the buttons may be used.
 */
export function useLoginEntry() {
  const [mode, setMode] = useState<'link' | 'code'>('link');
  // Signing in needs this script; until it runs, the button would only reload the page.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const codeFromHash = () => {
      if (window.location.hash === LOGIN_CODE_FRAGMENT) setMode('code');
    };
    codeFromHash();
    window.addEventListener('hashchange', codeFromHash);
    void checkSession().then((auth) => {
      if (auth.status === 'authenticated') window.location.replace(redirectParam() ?? PATHS.guide);
    });
    return () => window.removeEventListener('hashchange', codeFromHash);
  }, []);

  return { hydrated, mode, setMode };
}
