import { nb } from '#shared/copy/nb';
import type { LessonResourceInput } from '#shared/schemas/admin-content';
import type { FieldErrors } from '#browser/forms';
import { Field } from '../../ui/Field';
import { ListEditor } from '../../ui/ListEditor';

const f = nb.adminContent.lessonFields;

/** The lesson's resources: a title each and an optional link. */
export function ResourcesEditor({
  resources,
  onChange,
  errors,
}: {
  resources: LessonResourceInput[];
  onChange: (next: LessonResourceInput[]) => void;
  errors: FieldErrors | null;
}) {
  return (
    <ListEditor
      legend={f.resources}
      items={resources}
      onChange={onChange}
      blank={() => ({ title: '', url: '' })}
      itemLegend={f.resourceLegend}
      removeLabel={f.removeResource}
      addLabel={f.addResource}
      emptyText={f.noResources}
      error={errors?.resources}
      renderItem={(r, update, i) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={f.resourceTitle} error={errors?.[`resources.${i}.title`]}>
            {(control) => <input {...control} className="input" value={r.title} onChange={(e) => update({ title: e.target.value })} />}
          </Field>
          <Field label={f.resourceUrl} error={errors?.[`resources.${i}.url`]}>
            {(control) => (
              <input {...control} className="input" type="url" inputMode="url" placeholder="https://" value={r.url ?? ''} onChange={(e) => update({ url: e.target.value })} />
            )}
          </Field>
        </div>
      )}
    />
  );
}
