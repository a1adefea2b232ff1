import { useEffect, useRef, useState, type FormEvent } from 'react';
import { login } from '#shared/copy/auth';
import { validation } from '#shared/copy/validation';
import { LOGIN_CODE_FRAGMENT, PATHS, REDIRECT_PARAM } from '#shared/paths';
import { emailSchema, sameSitePath } from '#shared/schemas/common';
import { api, call, errorMessage } from '#browser/api';
import { checkSession } from '#browser/stores/auth';
import { toast } from '#browser/stores/toast';
import CodeForm from './CodeForm';
import { useMailDelivery } from './useMailDelivery';
import EmailField from '../ui/EmailField';
import Outcome from '../ui/Outcome';

const t = login;

/** The page's own `?redirect=` when it is a path on this site: sent with the link request, and followed by a visitor already signed in. */
const redirectParam = (): string | undefined => sameSitePath(new URLSearchParams(window.location.search).get(REDIRECT_PARAM));

/**
 * /guide/login: request a sign-in link (idle → sending → sent, 'Prøv en annen e-post' resets),
 * or sign in with the code from the e-mail. A signed-in visitor goes straight on.
 */
export default function LoginForm() {
  const [mode, setMode] = useState<'link' | 'code'>('link');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [email, setEmail] = useState('');
  const [requestId, setRequestId] = useState<string | null>(null);
  const delivery = useMailDelivery(state === 'sent' ? requestId : null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const focusEmail = useRef(false);
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

  useEffect(() => {
    if (state === 'idle' && mode === 'link' && focusEmail.current) {
      focusEmail.current = false;
      emailInput.current?.focus();
    }
  }, [state, mode]);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Read from the form itself: text typed before hydration is in the DOM, not yet in state.
    const typed = String(new FormData(e.currentTarget).get('email') ?? '');
    setEmail(typed);
    if (!typed.trim() || state === 'sending') return;
    const parsed = emailSchema.safeParse(typed);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? validation.emailInvalid);
      emailInput.current?.focus();
      return;
    }
    setFieldError(null);
    setState('sending');
    try {
      const sent = await call(api.auth['magic-link'].$post({ json: { email: parsed.data, redirect: redirectParam() } }));
      toast({ title: t.checkEmailToast, description: sent.message });
      setRequestId(sent.requestId);
      setEmail(parsed.data);
      setState('sent');
    } catch (err) {
      console.error(err);
      toast({ title: t.errorTitle, description: errorMessage(err, t.errorFallback), variant: 'destructive' });
      setState('idle');
    }
  }

  /** After a delayed mail: the same address, asked again. */
  function askAgain() {
    focusEmail.current = true;
    setMode('link');
    setState('idle');
  }

  function backToLink() {
    focusEmail.current = true;
    setEmail('');
    setMode('link');
    setState('idle');
  }

  if (state === 'sent') {
    return (
      <Outcome icon="✉️" title={t.sentTitle}>
        <p className="text-muted">
          {t.sentTo} <strong className="break-all text-ink">{email}</strong>. {t.sentValidity}
        </p>
        {delivery === 'delayed' && (
          // The mail server is down or slow: say so, and offer a new try; the code form below works once a mail arrives.
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-left">
            <p className="font-bold">{t.mailDelayedTitle}</p>
            <p className="mt-1 text-sm">{t.mailDelayed}</p>
            <button type="button" className="btn-secondary mt-3 w-full" onClick={askAgain}>
              {t.mailDelayedRetry}
            </button>
          </div>
        )}
        <CodeForm email={email} />
        <button type="button" className="btn-secondary w-full" onClick={backToLink}>
          {t.tryAnother}
        </button>
      </Outcome>
    );
  }

  if (mode === 'code') {
    return (
      <div className="space-y-4">
        <h2 className="text-lg font-bold">{t.codeToggle}</h2>
        <p className="text-sm text-muted">{t.codeIntro}</p>
        <CodeForm autoFocus />
        <button type="button" className="btn-secondary w-full" onClick={backToLink}>
          {t.codeBack}
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="space-y-4">
        <EmailField error={fieldError} inputRef={emailInput} defaultValue={email} />
        <button type="submit" className="btn-primary w-full" disabled={!hydrated || state === 'sending'}>
          {state === 'sending' ? t.sending : t.submit}
        </button>
        <p className="text-sm text-muted">{t.newUsers}</p>
      </form>
      <div className="border-t border-stone-200 pt-4 text-center">
        <button
          type="button"
          className="min-h-11 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-700"
          // Like the submit button: before this script runs, a click would do nothing at all.
          disabled={!hydrated}
          onClick={() => setMode('code')}
        >
          {t.codeToggle}
        </button>
      </div>
    </div>
  );
}
