import { useState, type FormEvent } from 'react';
import { login, verify } from '#shared/copy/auth';
import { validation } from '#shared/copy/validation';
import { api, call, errorMessage } from '#browser/api';
import { finishSignIn } from '#browser/sign-in';
import { Field } from '../ui/Field';
import EmailField from '../ui/EmailField';
import { prepareSignInRules, signInRules } from './sign-in-rules';

const t = login;

/**
 * Signing in with the 6-digit code from the e-mail, for when the mail is read on another
 * device. With a known address (just requested) only the code is asked for.
 */
export default function CodeForm({ email: knownEmail, autoFocus = false }: { email?: string; autoFocus?: boolean }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = knownEmail ?? String(new FormData(e.currentTarget).get('email') ?? '');
    setBusy(true);
    setError(null);
    try {
      const parsed = (await signInRules()).verifyCodeSchema.safeParse({ email, code });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? validation.codeInvalid);
        setBusy(false);
        return;
      }
      finishSignIn(await call(api.auth['verify-code'].$post({ json: parsed.data })));
    } catch (err) {
      setError(errorMessage(err, verify.errorFallback));
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      onFocus={prepareSignInRules}
      onPointerDown={prepareSignInRules}
      noValidate
      className="space-y-4 rounded-2xl bg-stone-50 p-4"
    >
      {knownEmail ? <p className="text-sm font-semibold">{t.codeTitle}</p> : <EmailField autoFocus={autoFocus} />}
      <Field label={t.codeLabel} error={error}>
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              {...control}
              className="input min-w-0 tracking-[0.3em]"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <button type="submit" className="btn-primary sm:shrink-0" disabled={busy}>
              {busy ? t.codeChecking : t.codeSubmit}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
