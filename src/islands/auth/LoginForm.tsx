import { REDIRECT_PARAM } from '#shared/paths';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { nb } from '#shared/copy/nb';
import { emailSchema, sameSitePath } from '#shared/schemas/common';
import { verifyCodeSchema } from '#shared/schemas/auth';
import { api, call, errorMessage } from '#browser/api';
import { loadUser } from '#browser/stores/auth';
import { toast } from '#browser/stores/toast';

const t = nb.login;

/** Where to go after login: a same-site `redirect` query parameter, else the guide. */
function redirectTarget(): string | undefined {
  return sameSitePath(new URLSearchParams(window.location.search).get(REDIRECT_PARAM));
}

export default function LoginForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const emailId = useId();
  const errorId = useId();
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  // Signing in needs this script; until it runs, the button would only reload the page.
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    loadUser().then((auth) => {
      if (auth.status === 'authenticated') window.location.replace(redirectTarget() ?? '/guide');
    });
  }, []);

  useEffect(() => {
    if (state === 'sent') sentHeading.current?.focus();
  }, [state]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Read from the form itself: text typed before hydration is in the DOM, not yet in state.
    const typed = String(new FormData(e.currentTarget).get('email') ?? '');
    setEmail(typed);
    if (!typed.trim() || state === 'sending') return;
    const parsed = emailSchema.safeParse(typed);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? nb.validation.emailInvalid);
      emailInput.current?.focus();
      return;
    }
    setFieldError(null);
    setState('sending');
    try {
      const { message } = await call(
        api.auth['magic-link'].$post({ json: { email: parsed.data, redirect: redirectTarget() } }),
      );
      toast({ title: t.checkEmailToast, description: message });
      setState('sent');
    } catch (err) {
      console.error(err);
      toast({ title: t.errorTitle, description: errorMessage(err, t.errorFallback), variant: 'destructive' });
      setState('idle');
    }
  }

  function reset() {
    setEmail('');
    setState('idle');
    setTimeout(() => emailInput.current?.focus());
  }

  if (state === 'sent') {
    return (
      <div className="space-y-5">
        <div className="text-4xl" aria-hidden="true">
          ✉️
        </div>
        <h2 ref={sentHeading} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t.sentTitle}
        </h2>
        <p className="text-muted">
          {t.sentTo} <strong className="text-ink">{email.trim().toLowerCase()}</strong>. {t.sentValidity}
        </p>
        <CodeForm email={email.trim().toLowerCase()} />
        <button type="button" className="btn-secondary w-full" onClick={reset}>
          {t.tryAnother}
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={emailId} className="mb-1.5 block text-sm font-semibold">
          {t.emailLabel}
        </label>
        <input
          ref={emailInput}
          id={emailId}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t.emailPlaceholder}
          className="input"
          defaultValue={email}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        />
        {fieldError && (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {fieldError}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary w-full" disabled={!hydrated || state === 'sending'}>
        {state === 'sending' ? t.sending : t.submit}
      </button>
      <p className="text-sm text-muted">{t.newUsers}</p>
    </form>
  );
}

/** Signing in with the 6-digit code, for when the e-mail is read on another device. */
function CodeForm({ email }: { email: string }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const errorId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = verifyCodeSchema.safeParse({ email, code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? nb.validation.codeInvalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await call(api.auth['verify-code'].$post({ json: parsed.data }));
      window.location.assign(redirectTarget() ?? result.redirectTo);
    } catch (err) {
      setError(errorMessage(err, nb.verify.errorFallback));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl bg-stone-50 p-4">
      <p className="mb-3 text-sm font-semibold">{t.codeTitle}</p>
      <label htmlFor={codeId} className="mb-1.5 block text-sm">
        {t.codeLabel}
      </label>
      <div className="flex gap-2">
        <input
          id={codeId}
          className="input tracking-[0.3em]"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={busy}>
          {busy ? t.codeChecking : t.codeSubmit}
        </button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
