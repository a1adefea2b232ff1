import { nb } from '#shared/copy/nb';
import type { LessonResourceInput } from '#shared/schemas/admin-content';
import type { FieldErrors } from '#browser/forms';
import { TextField } from '../../ui/TextField';
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
      path="resources"
      errors={errors}
      renderItem={(field) => (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={f.resourceTitle} {...field('title')} />
          <TextField label={f.resourceUrl} {...field('url')} type="url" inputMode="url" placeholder="https://" />
        </div>
      )}
    />
  );
}
