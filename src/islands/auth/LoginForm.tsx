import { useEffect, useRef, useState, type FormEvent } from 'react';
import { login } from '#shared/copy/auth';
import { validation } from '#shared/copy/validation';
import { api, call, errorMessage } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { CodeSignIn } from './CodeSignIn';
import { LinkSent } from './LinkSent';
import { redirectParam, useLoginEntry } from './useLoginEntry';
import { prepareSignInRules, signInRules } from './sign-in-rules';
import { useMailDelivery } from './useMailDelivery';
import EmailField from '../ui/EmailField';

const t = login;

/**
 * /guide/login: request a sign-in link (idle → sending → sent, 'Prøv en annen e-post' resets),
 * or sign in with the code from the e-mail. A signed-in visitor goes straight on.
 */
export default function LoginForm() {
  const { hydrated, mode, setMode } = useLoginEntry();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [email, setEmail] = useState('');
  const [requestId, setRequestId] = useState<string | null>(null);
  const delivery = useMailDelivery(state === 'sent' ? requestId : null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const focusEmail = useRef(false);

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
    setState('sending');
    try {
      const parsed = (await signInRules()).emailSchema.safeParse(typed);
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message ?? validation.emailInvalid);
        setState('idle');
        emailInput.current?.focus();
        return;
      }
      setFieldError(null);
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
    return <LinkSent email={email} delivery={delivery} onAskAgain={askAgain} onTryAnother={backToLink} />;
  }

  if (mode === 'code') return <CodeSignIn onBack={backToLink} />;

  return (
    <div className="space-y-6">
      <form onSubmit={submit} onFocus={prepareSignInRules} onPointerDown={prepareSignInRules} noValidate className="space-y-4">
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
