import { useState } from 'react';
import { DEPTH_LEVELS } from '#db/schema/enums';
import { adminUsers } from '#shared/copy/admin';
import { adminUserUpdateSchema, type AdminUser, type AdminUserUpdate } from '#shared/schemas/admin';
import { check } from '#browser/forms';
import { CheckboxField } from '../../ui/Field';
import { FormDialog, useFormSubmit } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { BillingPanel } from './BillingPanel';

const t = adminUsers;
const f = t.fields;
type Draft = Required<{ [K in keyof AdminUserUpdate]: NonNullable<AdminUserUpdate[K]> }>;

const draftOf = (u: AdminUser): Draft => ({
  firstName: u.firstName,
  email: u.email,
  phone: u.phone ?? '',
  isActive: u.isActive,
  isPremium: u.isPremium,
  isAdmin: u.isAdmin,
  onboardingCompleted: u.onboardingCompleted,
  depthLevel: u.depthLevel,
  adminNotes: u.adminNotes,
});

/**
 * Edits a user's name, e-mail, phone, flags, level and notes. Only changed fields are sent, so
 * the audit log records what really changed; the shared schema checks them first, with the
 * server's Norwegian messages beside each field. A failed save keeps the dialog open with the
 * admin's input and the reason (a taken address beside the e-mail field).
 */
export function UserEditDialog({
  user,
  isSelf,
  onClose,
  onSave,
}: {
  user: AdminUser;
  isSelf: boolean;
  onClose: () => void;
  /** Sends the patch; resolves when saved. */
  onSave: (patch: AdminUserUpdate) => Promise<void>;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const save = useFormSubmit();
  const { errors } = save;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  /** A text field's binding to the draft. */
  const text = (key: 'firstName' | 'email' | 'phone' | 'adminNotes') => ({
    value: draft[key],
    onChange: (value: string) => set(key, value),
    error: errors?.[key],
  });

  function request() {
    const original = draftOf(user);
    const patch = Object.fromEntries(Object.entries(draft).filter(([k, v]) => original[k as keyof Draft] !== v));
    if (Object.keys(patch).length === 0) return null;
    const checked = check(adminUserUpdateSchema, patch);
    return checked.errors ?? onSave(checked.data);
  }

  const submit = () =>
    save.submit(request(), {
      onNothing: onClose,
      onSaved: () => {},
      failed: { title: t.errorTitle, message: t.updateFailed },
      conflictField: 'email',
    });

  return (
    <FormDialog
      title={t.editTitle}
      description={user.email}
      saveLabel={t.save}
      busyLabel={t.saving}
      save={save}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={f.firstName} {...text('firstName')} autoComplete="off" />
        <TextField label={f.email} {...text('email')} type="email" autoComplete="off" />
        <TextField label={f.phone} {...text('phone')} type="tel" autoComplete="off" />
        <SelectField
          label={f.depthLevel}
          value={draft.depthLevel}
          onChange={(v) => set('depthLevel', v)}
          options={DEPTH_LEVELS}
          optionLabel={(level) => t.depthLevels[level]}
          error={errors?.depthLevel}
        />
      </div>
      <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">{t.columns.status}</legend>
        <CheckboxField label={f.isActive} checked={draft.isActive} disabled={isSelf} onChange={(v) => set('isActive', v)} />
        <CheckboxField label={f.isPremium} checked={draft.isPremium} onChange={(v) => set('isPremium', v)} />
        <CheckboxField
          label={f.isAdmin}
          checked={draft.isAdmin}
          disabled={isSelf}
          hint={isSelf ? t.ownAdminHint : undefined}
          onChange={(v) => set('isAdmin', v)}
        />
        <CheckboxField
          label={f.onboardingCompleted}
          checked={draft.onboardingCompleted}
          onChange={(v) => set('onboardingCompleted', v)}
        />
      </fieldset>
      <TextField label={f.adminNotes} {...text('adminNotes')} multiline rows={3} />
      <BillingPanel userId={user.id} />
    </FormDialog>
  );
}
