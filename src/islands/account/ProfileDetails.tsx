import { UserRound } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { DEPTH_LEVELS } from '#db/schema/enums';
import { depthLevels, profile } from '#shared/copy/account';
import { profileUpdateSchema, type ProfileUpdate } from '#shared/schemas/account';
import type { PublicUser } from '#shared/schemas/auth';
import { api, ApiError, call, errorMessage } from '#browser/api';
import { check, type FieldErrors } from '#browser/forms';
import { setUser } from '#browser/stores/auth';
import { toast } from '#browser/stores/toast';
import { BusyButton } from '../ui/BusyButton';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { Section } from './Section';

const t = profile;

/** First name and depth level, checked with the server's own schema before they are sent. */
export function ProfileDetails({ user, onSaved }: { user: PublicUser; onSaved: () => void }) {
  const [firstName, setFirstName] = useState(user.firstName);
  const [depthLevel, setDepthLevel] = useState(user.depthLevel);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const patch: ProfileUpdate = {
      firstName: firstName.trim() === user.firstName ? undefined : firstName,
      depthLevel: depthLevel === user.depthLevel ? undefined : depthLevel,
    };
    const checked = check(profileUpdateSchema, patch);
    if (checked.errors) {
      setErrors(checked.errors);
      if (checked.errors.firstName) nameInput.current?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await call(api.account.$patch({ json: checked.data }));
      setUser(saved.user);
      toast({ title: t.saved });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'validation_error') setErrors({ form: err.message });
      else toast({ title: t.errorTitle, description: errorMessage(err, t.saveFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={t.detailsTitle} icon={<UserRound className="size-5" />}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            inputRef={nameInput}
            label={t.firstName}
            hint={t.firstNameHint}
            error={errors.firstName}
            name="firstName"
            autoComplete="given-name"
            maxLength={80}
            value={firstName}
            onChange={setFirstName}
          />
          <SelectField
            label={t.depthLevel}
            hint={t.depthLevelHint}
            error={errors.depthLevel}
            name="depthLevel"
            value={depthLevel}
            onChange={setDepthLevel}
            options={DEPTH_LEVELS}
            optionLabel={(level) => depthLevels[level]}
          />
        </div>
        {errors.form && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.form}
          </p>
        )}
        <BusyButton type="submit" className="btn-primary" busy={busy} busyLabel={t.saving}>
          {t.save}
        </BusyButton>
      </form>
    </Section>
  );
}
