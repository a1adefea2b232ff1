import { REDIRECT_PARAM } from '#shared/paths';
import { useEffect, useRef, useState } from 'react';
import { nb } from '#shared/copy/nb';
import { sameSitePath } from '#shared/schemas/common';
import { api, call, errorMessage } from '#browser/api';
import { takeVerifyToken } from '#browser/verify-token';
import { toast } from '#browser/stores/toast';

const t = nb.verify;
/** Lets the "signed in" toast be seen before the page changes. */
const REDIRECT_DELAY_MS = 200;

/**
 * Consumes the token from the e-mail link. Only this script calls the verify API, so a mail
 * scanner that merely opens the link never uses it up.
 */
export default function VerifyAuth() {
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = takeVerifyToken();
    if (!token) {
      setError(t.noToken);
      return;
    }
    call(api.auth.verify.$get({ query: { token } }))
      .then(({ user, redirectTo }) => {
        // Drop the used token from the address bar and history.
        window.history.replaceState(null, '', '/guide/auth');
        toast({ title: t.signedInTitle, description: t.welcomeBack(user.firstName || user.email) });
        const target = sameSitePath(params.get(REDIRECT_PARAM)) ?? redirectTo;
        window.setTimeout(() => window.location.replace(target), REDIRECT_DELAY_MS);
      })
      .catch((err) => setError(errorMessage(err, t.errorFallback)));
  }, []);

  if (!error) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" aria-hidden="true" />
        <p className="text-lg font-semibold">{t.verifying}</p>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-center" role="alert">
      <div className="text-4xl" aria-hidden="true">
        ⚠️
      </div>
      <h2 className="text-2xl font-bold">{t.errorTitle}</h2>
      <p className="text-muted">{error}</p>
      <a href="/guide/login" className="btn-primary">
        {t.retry}
      </a>
    </div>
  );
}
