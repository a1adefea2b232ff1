import { adminContent } from '#shared/copy/admin/content';
import type { LessonResourceInput } from '#shared/schemas/admin/content';
import type { FieldErrors } from '#browser/forms';
import { TextField } from '../../ui/TextField';
import { ListEditor } from '../../ui/ListEditor';
import { FileUpload } from './FileUpload';

const f = adminContent.lessonFields;

/** The lesson's resources: a title each and a link or an uploaded file. */
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
      renderItem={(field) => {
        const title = field('title');
        const file = field('fileId');
        return (
          <div className="space-y-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={f.resourceTitle} {...title} />
              {!file.value && (
                <TextField label={f.resourceUrl} {...field('url')} type="url" inputMode="url" placeholder="https://" />
              )}
            </div>
            <FileUpload fileId={file.value} label={title.value || f.resourceTitle} onChange={file.onChange} />
            {file.error && <p className="text-sm font-medium text-red-700">{file.error}</p>}
          </div>
        );
      }}
    />
  );
}
