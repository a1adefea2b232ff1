import { useState } from 'react';
import { adminContent } from '#shared/copy/admin-content';
import { modulePath } from '#shared/paths';
import {
  MODULE_COLORS,
  MODULE_DEFAULTS,
  moduleCreateSchema,
  modulePatchSchema,
  type AdminModule,
} from '#shared/schemas/admin-content';
import { slugify, uniqueId } from '#shared/slug';
import { api, call } from '#browser/api';
import { createOrPatch, numberOrEmpty } from '#browser/forms';
import { CheckboxField, Field } from '../../ui/Field';
import { usePublication } from './PublicationFields';
import { FormDialog } from '../../ui/FormDialog';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { ModuleIcon } from './badges';
import { useContentSave } from './useContentSave';

const t = adminContent;
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
  const publication = usePublication(module);
  const { save, submit } = useContentSave('module', !module, {
    titleOf: (saved: { module: { id: string; title: string } }) => saved.module.title,
    onSaved: (saved) => onSaved(saved.module.id),
    onClose,
    conflictField: 'id',
  });
  const { errors } = save;

  // A new module's id follows its title (made unique) until the admin types one.
  const shownId =
    id ??
    uniqueId(
      slugify(title),
      modules.map((m) => m.id),
    );
  const values = {
    title,
    description,
    icon,
    color: color || null,
    order: numberOrEmpty(order, undefined),
    isPremium,
    ...publication.values,
  };

  const request = () =>
    createOrPatch(
      module,
      {
        schema: moduleCreateSchema,
        values: { ...values, id: shownId },
        send: (json) => call(api.admin.content.modules.$post({ json })),
      },
      {
        schema: modulePatchSchema,
        values,
        send: (json) => call(api.admin.content.modules[':id'].$patch({ param: { id: module!.id }, json })),
      },
    );

  return (
    <FormDialog
      title={module ? t.editModuleTitle : t.newModuleTitle}
      saveLabel={t.saveModule}
      save={save}
      onSubmit={() => submit(request())}
      onClose={onClose}
    >
      <TextField label={f.title} value={title} onChange={setTitle} error={errors?.title} required maxLength={120} />
      {!module && (
        <TextField
          label={f.id}
          value={shownId}
          onChange={setId}
          error={errors?.id}
          hint={f.idHint(modulePath(shownId))}
          inputClassName="font-mono"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={60}
        />
      )}
      <TextField label={f.description} value={description} onChange={setDescription} error={errors?.description} multiline />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={f.icon} value={icon} onChange={setIcon} error={errors?.icon} maxLength={16} />
        <TextField label={f.order} value={order} onChange={setOrder} error={errors?.order} {...WHOLE_NUMBER} min={1} />
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
      {publication.fields(errors)}
    </FormDialog>
  );
}
