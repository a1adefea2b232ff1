import { useState } from 'react';
import { nb } from '#shared/copy/nb';
import { modulePath } from '#shared/paths';
import { MODULE_COLORS, MODULE_DEFAULTS, moduleCreateSchema, modulePatchSchema, type AdminModule } from '#shared/schemas/admin-content';
import { slugify, uniqueId } from '#shared/slug';
import { api, call } from '#browser/api';
import { changedFields, check, numberOrEmpty } from '#browser/forms';
import { $adminModules } from '#browser/stores/admin-content';
import { toast } from '#browser/stores/toast';
import { CheckboxField, Field } from '../../ui/Field';
import { FormDialog, useFormSubmit } from '../../ui/FormDialog';
import { ModuleIcon } from './badges';

const t = nb.adminContent;
const f = t.moduleFields;

/** Create ('Ny modul', with the defaults of §9) or edit a module. */
export function ModuleDialog({
  module,
  modules,
  onClose,
  onSaved,
}: {
  /** null: a new module. */
  module: AdminModule | null;
  modules: AdminModule[];
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const [title, setTitle] = useState(module?.title ?? '');
  const [id, setId] = useState<string | null>(null);
  const [description, setDescription] = useState(module?.description ?? '');
  const [icon, setIcon] = useState(module ? (module.icon ?? '') : MODULE_DEFAULTS.icon);
  const [color, setColor] = useState<string>(module ? (module.color ?? '') : MODULE_DEFAULTS.color);
  const [order, setOrder] = useState(String(module?.order ?? modules.length + 1));
  const [isPremium, setIsPremium] = useState(module?.isPremium ?? MODULE_DEFAULTS.isPremium);
  const form = useFormSubmit();
  const { errors } = form;

  // A new module's id follows its title (made unique) until the admin types one.
  const shownId = id ?? uniqueId(slugify(title), modules.map((m) => m.id));
  const values = { title, description, icon, color: color || null, order: numberOrEmpty(order, undefined), isPremium };

  /** Sends a new module, or only the fields that changed; null when nothing did. */
  function request() {
    if (!module) {
      const checked = check(moduleCreateSchema, { ...values, id: shownId });
      return checked.errors ?? call(api.admin.content.modules.$post({ json: checked.data }));
    }
    const checked = check(modulePatchSchema, values);
    if (checked.errors) return checked.errors;
    const patch = changedFields(checked.data, module);
    return Object.keys(patch).length === 0 ? null : call(api.admin.content.modules[':id'].$patch({ param: { id: module.id }, json: patch }));
  }

  const submit = () =>
    form.submit(request(), {
      onNothing: onClose,
      onSaved: (saved) => {
        toast({ title: module ? t.moduleUpdated : t.moduleCreated, description: saved.module.title });
        $adminModules.revalidate();
        onSaved(saved.module.id);
      },
      onFailed: () => toast({ title: t.saveFailedTitle, description: t.moduleSaveFailed, variant: 'destructive' }),
      fallback: t.moduleSaveFailed,
      conflictField: 'id',
    });

  return (
    <FormDialog
      title={module ? t.editModuleTitle : t.newModuleTitle}
      saveLabel={t.saveModule}
      cancelLabel={t.cancel}
      busy={form.busy}
      errors={errors}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={f.title} error={errors?.title}>
        {(control) => <input {...control} className="input" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />}
      </Field>
      {!module && (
        <Field label={f.id} error={errors?.id} hint={f.idHint(modulePath(shownId))}>
          {(control) => (
            <input
              {...control}
              className="input font-mono"
              value={shownId}
              onChange={(e) => setId(e.target.value)}
              autoCapitalize="off"
              spellCheck={false}
              maxLength={60}
            />
          )}
        </Field>
      )}
      <Field label={f.description} error={errors?.description}>
        {(control) => <textarea {...control} className="input min-h-24" value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={f.icon} error={errors?.icon}>
          {(control) => <input {...control} className="input" value={icon} onChange={(e) => setIcon(e.target.value)} maxLength={16} />}
        </Field>
        <Field label={f.order} error={errors?.order}>
          {(control) => (
            <input {...control} className="input" type="number" inputMode="numeric" min={1} step={1} value={order} onChange={(e) => setOrder(e.target.value)} />
          )}
        </Field>
      </div>
      <Field label={f.color} error={errors?.color}>
        {(control) => (
          <div className="flex items-center gap-3">
            <ModuleIcon module={{ icon: icon || null, color: color || null }} />
            <select {...control} className="input" value={color} onChange={(e) => setColor(e.target.value)}>
              <option value="">{t.noColor}</option>
              {MODULE_COLORS.map((c) => (
                <option key={c} value={c}>
                  {t.colors[c]}
                </option>
              ))}
            </select>
          </div>
        )}
      </Field>
      <CheckboxField label={f.isPremium} hint={t.premiumSwitchHint} checked={isPremium} onChange={setIsPremium} />
    </FormDialog>
  );
}
