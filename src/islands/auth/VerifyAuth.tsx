import { useEffect, useRef, useState } from 'react';
import { verify } from '#shared/copy/auth';
import { LOGIN_CODE_FRAGMENT, PATHS } from '#shared/paths';
import { api, call, errorMessage } from '#browser/api';
import { finishSignIn } from '#browser/sign-in';
import { takeVerifyToken } from '#browser/verify-token';
import Outcome from '../ui/Outcome';
import Spinner from '../ui/Spinner';

const t = verify;
/** The next page (admin or guide) follows 200 ms after the user is known: the product's admin-check delay. */
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
    const token = takeVerifyToken();
    if (!token) {
      setError(t.noToken);
      return;
    }
    call(api.auth.verify.$get({ query: { token } }))
      .then((result) => finishSignIn(result, REDIRECT_DELAY_MS))
      .catch((err) => setError(errorMessage(err, t.errorFallback)));
  }, []);

  if (!error) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <Spinner />
        <p className="text-lg font-semibold">{t.verifying}</p>
      </div>
    );
  }
  return (
    <Outcome icon="⚠️" title={t.errorTitle} className="space-y-4 text-center">
      <p role="alert" className="text-muted">
        {error}
      </p>
      <div className="flex flex-col items-center gap-3">
        <a href={PATHS.login} className="btn-primary">
          {t.retry}
        </a>
        <a href={PATHS.login + LOGIN_CODE_FRAGMENT} className="text-sm font-semibold text-brand-800 underline underline-offset-2">
          {t.useCode}
        </a>
      </div>
    </Outcome>
  );
}
