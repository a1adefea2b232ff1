import { useState } from 'react';
import { DEPTH_LEVELS, ROLES, type Role } from '#db/schema/enums';
import { adminUsers } from '#shared/copy/admin/users';
import { adminUserUpdateSchema, type AdminUser, type AdminUserUpdate } from '#shared/schemas/admin/users';
import { check } from '#browser/forms';
import { CheckboxField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useForm } from '../../ui/useForm';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { mayManageRoles } from '#shared/permissions';
import { hasActivePremium } from '#shared/premium';
import { BillingPanel } from './BillingPanel';
import { RemovePremiumConfirm } from './RemovePremiumConfirm';

const t = adminUsers;
const f = t.fields;
type Fields = Required<{ [K in keyof AdminUserUpdate]: NonNullable<AdminUserUpdate[K]> }>;
/** The form's values: a role, or `none` (the select's option for no role, sent as null). */
type Draft = Omit<Fields, 'role'> & { role: Role | 'none' };
const ROLE_CHOICES = ['none', ...ROLES] as const;

const draftOf = (u: AdminUser): Draft => ({
  firstName: u.firstName,
  email: u.email,
  phone: u.phone ?? '',
  isActive: u.isActive,
  // Premium now, by the one rule (a refunded buyer's ended): switching it on grants it again.
  isPremium: hasActivePremium(u, Date.now()),
  role: u.role ?? 'none',
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
  viewerRole,
  onClose,
  onSave,
}: {
  user: AdminUser;
  isSelf: boolean;
  /** The signed-in member of staff's role: only an owner sees the role select. */
  viewerRole: Role | null;
  onClose: () => void;
  /** Sends the patch; resolves when saved. */
  onSave: (patch: AdminUserUpdate) => Promise<void>;
}) {
  const form = useForm<Draft>(() => draftOf(user));
  const { values: draft, bind, flag } = form;
  // Unticking Premium of a user who has it asks first, as the users list's switch does.
  const [askingPremium, setAskingPremium] = useState(false);
  const premium = flag('isPremium');

  function request() {
    const original = draftOf(user);
    const patch = Object.fromEntries(
      Object.entries(draft)
        .filter(([k, v]) => original[k as keyof Draft] !== v)
        .map(([k, v]) => [k, k === 'role' && v === 'none' ? null : v]),
    );
    if (Object.keys(patch).length === 0) return null;
    const checked = check(adminUserUpdateSchema, patch);
    return checked.errors ?? onSave(checked.data);
  }

  const submit = () =>
    form.submit(request(), {
      onNothing: onClose,
      onSaved: () => {},
      failed: { title: t.errorTitle, message: t.updateFailed },
      conflictField: 'email',
    });

  return (
    <>
      <FormDialog
        title={t.editTitle}
        description={user.email}
        saveLabel={t.save}
        busyLabel={t.saving}
        save={form}
        onSubmit={submit}
        onClose={onClose}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={f.firstName} {...bind('firstName')} autoComplete="off" />
          <TextField label={f.email} {...bind('email')} type="email" autoComplete="off" />
          <TextField label={f.phone} {...bind('phone')} type="tel" autoComplete="off" />
          <SelectField
            label={f.depthLevel}
            {...bind('depthLevel')}
            options={DEPTH_LEVELS}
            optionLabel={(level) => t.depthLevels[level]}
          />
        </div>
        <fieldset className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">{t.columns.status}</legend>
          <CheckboxField label={f.isActive} {...flag('isActive')} disabled={isSelf} />
          <CheckboxField
            label={f.isPremium}
            checked={premium.checked}
            onChange={(on) => (!on && hasActivePremium(user, Date.now()) ? setAskingPremium(true) : premium.onChange(on))}
          />
          <CheckboxField label={f.onboardingCompleted} {...flag('onboardingCompleted')} />
        </fieldset>
        {mayManageRoles(viewerRole) && (
          <SelectField
            label={f.role}
            {...bind('role')}
            options={ROLE_CHOICES}
            optionLabel={(role) => (role === 'none' ? t.noRole : t.roles[role])}
            hint={t.roleHint}
          />
        )}
        <TextField label={f.adminNotes} {...bind('adminNotes')} multiline rows={3} />
        <BillingPanel userId={user.id} />
      </FormDialog>
      <RemovePremiumConfirm
        user={askingPremium ? user : null}
        onConfirm={async () => premium.onChange(false)}
        onClose={() => setAskingPremium(false)}
      />
    </>
  );
}
