import { useEffect, useRef, useState, type FormEvent } from 'react';
import { nb } from '#shared/copy/nb';
import { PATHS } from '#shared/paths';
import { emailSchema } from '#shared/schemas/common';
import { api, call, errorMessage } from '#browser/api';
import { checkSession } from '#browser/stores/auth';
import { toast } from '#browser/stores/toast';
import { Field } from '../ui/Field';

const t = nb.adminLogin;

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
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    setHydrated(true);
    checkSession().then((auth) => {
      if (auth.status === 'authenticated' && auth.user.isAdmin) window.location.replace(PATHS.admin);
    });
  }, []);

  useEffect(() => {
    if (state === 'sent') sentHeading.current?.focus();
  }, [state]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (state === 'sending') return;
    const typed = String(new FormData(e.currentTarget).get('email') ?? '');
    const parsed = typed.trim() ? emailSchema.safeParse(typed) : null;
    if (!parsed?.success) {
      setFieldError(parsed ? (parsed.error.issues[0]?.message ?? nb.validation.emailInvalid) : nb.validation.emailRequired);
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
      <div className="space-y-5">
        <h2 ref={sentHeading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t.sentTitle}
        </h2>
        <p className="text-muted">
          {t.sentTo} <strong className="text-ink">{email}</strong>. {t.sentValidity}
        </p>
        <button type="button" className="btn-secondary w-full" onClick={retry}>
          {t.retry}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label={nb.login.emailLabel} error={fieldError}>
        {(control) => (
          <input
            {...control}
            ref={input}
            name="email"
            type="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder={nb.login.emailPlaceholder}
            className="input"
          />
        )}
      </Field>
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
