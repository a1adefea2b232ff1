import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { confirmEmail } from '#shared/copy/account';
import { PATHS } from '#shared/paths';
import { api, call, errorMessage } from '#browser/api';
import { refreshUser } from '#browser/stores/auth';
import Loading from '../ui/Loading';
import Notice from '../ui/Notice';

const t = confirmEmail;

/**
 * Uses the link mailed to a new address. Only this script calls the API, so a mail scanner that
 * merely opens the link never uses it; the token then leaves the address bar.
 */
export default function ConfirmEmail() {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token') ?? '';
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
    call(api.account.email.confirm.$post({ json: { token } }))
      .then(({ message }) => {
        setResult({ ok: true, message });
        void refreshUser();
      })
      .catch((err: unknown) => setResult({ ok: false, message: errorMessage(err, t.failedFallback) }));
  }, []);

  if (!result) return <Loading text={t.working} />;
  return (
    <Notice
      icon={result.ok ? <CircleCheck className="size-7" /> : <CircleAlert className="size-7" />}
      title={result.ok ? t.doneTitle : t.failedTitle}
    >
      <p role={result.ok ? 'status' : 'alert'} className="text-muted">
        {result.message}
      </p>
      <a href={PATHS.profile} className="btn-primary">
        {t.toProfile}
      </a>
    </Notice>
  );
}
