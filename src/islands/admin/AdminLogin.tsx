import { useEffect, useRef, useState, type FormEvent } from 'react';
import { adminLogin } from '#shared/copy/admin';
import { validation } from '#shared/copy/validation';
import { PATHS } from '#shared/paths';
import { emailSchema } from '#shared/schemas/common';
import { api, call, errorMessage } from '#browser/api';
import { checkSession } from '#browser/stores/auth';
import { toast } from '#browser/stores/toast';
import EmailField from '../ui/EmailField';
import Outcome from '../ui/Outcome';

const t = adminLogin;

/**
 * Test admin addresses the quick-login buttons fill in. Only `astro dev` has them: a build
 * replaces both flags with constants and drops the list entirely. MODE as well as DEV, because
 * Vite derives DEV from NODE_ENV, and a build run with NODE_ENV=test would otherwise keep them.
 */
const QUICK_LOGIN: readonly string[] =
  import.meta.env.DEV && import.meta.env.MODE === 'development' ? ['admin@soloprenor.no', 'utvikler@soloprenor.no'] : [];

/** Admin sign-in: requests a magic link that leads to /admin (`isAdminLogin`). */
export default function AdminLogin() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setHydrated(true);
    checkSession().then((auth) => {
      if (auth.status === 'authenticated' && auth.user.role) window.location.replace(PATHS.admin);
    });
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (state === 'sending') return;
    const typed = String(new FormData(e.currentTarget).get('email') ?? '');
    const parsed = typed.trim() ? emailSchema.safeParse(typed) : null;
    if (!parsed?.success) {
      setFieldError(parsed ? (parsed.error.issues[0]?.message ?? validation.emailInvalid) : validation.emailRequired);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setEmail(parsed.data);
    setState('sending');
    try {
      await call(api.auth['magic-link'].$post({ json: { email: parsed.data, isAdminLogin: true } }));
      setState('sent');
    } catch (err) {
      toast({ title: t.errorTitle, description: errorMessage(err, t.errorFallback), variant: 'destructive' });
      setState('idle');
    }
  }

  function retry() {
    setEmail('');
    setState('idle');
    setTimeout(() => input.current?.focus());
  }

  function quickFill(address: string) {
    if (input.current) input.current.value = address;
    setFieldError(null);
    input.current?.focus();
  }

  if (state === 'sent') {
    return (
      <Outcome title={t.sentTitle}>
        <p className="text-muted">
          {t.sentTo} <strong className="text-ink">{email}</strong>. {t.sentValidity}
        </p>
        <button type="button" className="btn-secondary w-full" onClick={retry}>
          {t.retry}
        </button>
      </Outcome>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <EmailField error={fieldError} inputRef={input} />
      <button type="submit" className="btn-primary w-full" disabled={!hydrated || state === 'sending'}>
        {state === 'sending' ? t.sending : t.submit}
      </button>
      {QUICK_LOGIN.length > 0 && (
        <div className="rounded-2xl border border-dashed border-stone-300 p-4">
          <p className="mb-2 text-sm font-semibold">{t.quickTitle}</p>
          <div className="flex flex-col gap-2">
            {QUICK_LOGIN.map((address) => (
              <button key={address} type="button" className="btn-secondary text-sm" onClick={() => quickFill(address)}>
                {t.quickFill(address)}
              </button>
            ))}
          </div>
        </div>
      )}
    </form>
  );
}
