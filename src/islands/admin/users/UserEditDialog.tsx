import { useState, type FormEvent } from 'react';
import { DEPTH_LEVELS } from '#db/schema/enums';
import { nb } from '#shared/copy/nb';
import { adminUserUpdateSchema, type AdminUser, type AdminUserUpdate } from '#shared/schemas/admin';
import { dialog } from '#shared/copy/ui';
import { CheckboxField, Field } from '../../ui/Field';
import { Dialog } from '../../ui/Dialog';

const t = nb.adminUsers;
type Draft = Required<{ [K in keyof AdminUserUpdate]: NonNullable<AdminUserUpdate[K]> }>;
type Errors = Partial<Record<keyof Draft, string>>;

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
 * server's Norwegian messages beside each field.
 */
export function UserEditDialog({
  user,
  isSelf,
  onClose,
  onSave,
}: {
  user: AdminUser | null;
  isSelf: boolean;
  onClose: () => void;
  /** Sends the patch; resolves when saved, rejects (after reporting) when not. */
  onSave: (patch: AdminUserUpdate) => Promise<void>;
}) {
  return (
    <Dialog open={user !== null} onClose={onClose} title={t.editTitle} description={user?.email} size="lg">
      {user && <EditForm key={user.id} user={user} isSelf={isSelf} onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}

function EditForm({
  user,
  isSelf,
  onClose,
  onSave,
}: {
  user: AdminUser;
  isSelf: boolean;
  onClose: () => void;
  onSave: (patch: AdminUserUpdate) => Promise<void>;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const original = draftOf(user);
    const patch = Object.fromEntries(
      Object.entries(draft).filter(([k, v]) => original[k as keyof Draft] !== v),
    ) as AdminUserUpdate;
    if (Object.keys(patch).length === 0) return onClose();
    const parsed = adminUserUpdateSchema.safeParse(patch);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft | undefined;
        if (key && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(patch);
    } catch {
      // Reported by the owner; the dialog stays open with the admin's input.
    } finally {
      setBusy(false);
    }
  }

  const f = t.fields;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" id="user-edit-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={f.firstName} error={errors.firstName}>
          {(c) => (
            <input
              {...c}
              data-field="firstName"
              className="input"
              autoComplete="off"
              value={draft.firstName}
              onChange={(e) => set('firstName', e.target.value)}
            />
          )}
        </Field>
        <Field label={f.email} error={errors.email}>
          {(c) => (
            <input
              {...c}
              data-field="email"
              type="email"
              className="input"
              autoComplete="off"
              value={draft.email}
              onChange={(e) => set('email', e.target.value)}
            />
          )}
        </Field>
        <Field label={f.phone} error={errors.phone}>
          {(c) => (
            <input
              {...c}
              data-field="phone"
              type="tel"
              className="input"
              autoComplete="off"
              value={draft.phone}
              onChange={(e) => set('phone', e.target.value)}
            />
          )}
        </Field>
        <Field label={f.depthLevel} error={errors.depthLevel}>
          {(c) => (
            <select
              {...c}
              data-field="depthLevel"
              className="input"
              value={draft.depthLevel}
              onChange={(e) => set('depthLevel', e.target.value as Draft['depthLevel'])}
            >
              {DEPTH_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {t.depthLevels[level]}
                </option>
              ))}
            </select>
          )}
        </Field>
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
      <Field label={f.adminNotes} error={errors.adminNotes}>
        {(c) => (
          <textarea
            {...c}
            data-field="adminNotes"
            rows={3}
            className="input"
            value={draft.adminNotes}
            onChange={(e) => set('adminNotes', e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 border-t border-stone-200 pt-4 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
          {dialog.cancel}
        </button>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
      </div>
    </form>
  );
}
