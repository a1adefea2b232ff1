import { DIFFICULTIES } from '#db/schema/enums';
import { adminContent } from '#shared/copy/admin/content';
import { guide } from '#shared/copy/guide';
import { modulePath } from '#shared/paths';
import {
  MODULE_COLORS,
  MODULE_DEFAULTS,
  moduleCreateSchema,
  modulePatchSchema,
  type AdminModule,
} from '#shared/schemas/admin/content';
import { slugify, uniqueId } from '#shared/slug';
import { api, call } from '#browser/api';
import { createOrPatch, numberOrEmpty } from '#browser/forms';
import { CheckboxField, Field } from '../../ui/Field';
import { usePublication } from './PublicationFields';
import { FormDialog } from '../../ui/FormDialog';
import { useForm } from '../../ui/useForm';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { ModuleIcon } from './badges';
import { contentSave } from './content-save';

const t = adminContent;
const f = t.moduleFields;

/** Create ('Ny modul', with MODULE_DEFAULTS from schemas/admin/content.ts) or edit a module. */
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
  const form = useForm(() => ({
    title: module?.title ?? '',
    id: null as string | null,
    description: module?.description ?? '',
    icon: module ? (module.icon ?? '') : MODULE_DEFAULTS.icon,
    color: module ? (module.color ?? '') : MODULE_DEFAULTS.color,
    order: String(module?.order ?? modules.length + 1),
    isPremium: module?.isPremium ?? MODULE_DEFAULTS.isPremium,
    difficulty: module?.difficulty ?? MODULE_DEFAULTS.difficulty,
  }));
  const { title, description, icon, color, order, isPremium, difficulty } = form.values;
  const { bind } = form;
  const publication = usePublication(module);
  const submit = contentSave(form, 'module', !module, {
    titleOf: (saved: { module: { id: string; title: string } }) => saved.module.title,
    onSaved: (saved) => onSaved(saved.module.id),
    onClose,
    conflictField: 'id',
  });
  const { errors } = form;

  // A new module's id follows its title (made unique) until the admin types one.
  const shownId =
    form.values.id ??
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
    difficulty,
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
      save={form}
      onSubmit={() => submit(request())}
      onClose={onClose}
    >
      <TextField label={f.title} {...bind('title')} required maxLength={120} />
      {!module && (
        <TextField
          label={f.id}
          {...bind('id')}
          value={shownId}
          hint={f.idHint(modulePath(shownId))}
          inputClassName="font-mono"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={60}
        />
      )}
      <TextField label={f.description} {...bind('description')} multiline />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label={f.icon} {...bind('icon')} maxLength={16} />
        <TextField label={f.order} {...bind('order')} {...WHOLE_NUMBER} min={1} />
      </div>
      <Field label={f.color} error={errors?.color}>
        {(control) => (
          <div className="flex items-center gap-3">
            <ModuleIcon module={{ icon: icon || null, color: color || null }} />
            <select {...control} className="input" value={color} onChange={(e) => form.set({ color: e.target.value })}>
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
      <Field label={f.difficulty} hint={f.difficultyHint} error={errors?.difficulty}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={difficulty}
            onChange={(e) => form.set({ difficulty: e.target.value as (typeof DIFFICULTIES)[number] })}
          >
            {DIFFICULTIES.map((d) => (
              <option key={d} value={d}>
                {guide.difficulty[d]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <CheckboxField label={f.isPremium} hint={t.premiumSwitchHint} {...form.flag('isPremium')} />
      {publication.fields(errors)}
    </FormDialog>
  );
}
