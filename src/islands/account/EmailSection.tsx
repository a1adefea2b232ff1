import { Mail } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { profile } from '#shared/copy/account';
import { validation } from '#shared/copy/validation';
import { emailChangeRequestSchema } from '#shared/schemas/account';
import { api, ApiError, call, errorMessage } from '#browser/api';
import { check } from '#browser/forms';
import { toast } from '#browser/stores/toast';
import { BusyButton } from '../ui/BusyButton';
import { TextField } from '../ui/TextField';
import { Section } from './Section';

const t = profile;

/**
 * The address the account signs in with, and a form for a new one: the link goes to the new
 * address, and the account keeps this one until it is opened.
 */
export function EmailSection({
  email,
  pendingEmail,
  onSent,
}: {
  email: string;
  pendingEmail: string | null;
  onSent: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check(emailChangeRequestSchema, { email: typed });
    const problem = checked.errors
      ? (checked.errors.email ?? validation.emailInvalid)
      : checked.data.email === email
        ? validation.sameEmail
        : null;
    if (problem !== null || !checked.data) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const sent = await call(api.account.email.$post({ json: checked.data }));
      toast({ title: t.emailLinkSent, description: sent.message });
      setTyped('');
      onSent();
    } catch (err) {
      // Taken, too many tries, or invalid: the server's reason belongs beside the field.
      if (err instanceof ApiError && err.status < 500) setError(err.message);
      else toast({ title: t.errorTitle, description: errorMessage(err, t.emailFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t.emailTitle} icon={<Mail className="size-5" />}>
      <div>
        <p className="text-sm font-semibold">{t.currentEmail}</p>
        <p className="mt-1 break-all" data-testid="current-email">
          {email}
        </p>
      </div>
      {pendingEmail && (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {t.pendingEmail(pendingEmail)}
        </p>
      )}
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          inputRef={input}
          label={t.newEmail}
          hint={t.emailHint}
          error={error}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={typed}
          onChange={setTyped}
        />
        <BusyButton type="submit" className="btn-secondary" busy={busy} busyLabel={t.sendingEmailLink}>
          {t.sendEmailLink}
        </BusyButton>
      </form>
    </Section>
  );
}
