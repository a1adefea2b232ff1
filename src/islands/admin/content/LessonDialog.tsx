import { useState } from 'react';
import { LESSON_TYPES } from '#db/schema/enums';
import { nb } from '#shared/copy/nb';
import { lessonCreateSchema, lessonPatchSchema, type AdminLesson, type AdminModule, type LessonResourceInput } from '#shared/schemas/admin-content';
import { api, call } from '#browser/api';
import { changedFields, check, numberOrEmpty } from '#browser/forms';
import { $adminModules } from '#browser/stores/admin-content';
import { toast } from '#browser/stores/toast';
import { CheckboxField, Field } from '../../ui/Field';
import { FormDialog, useFormSubmit } from '../../ui/FormDialog';
import { Markdown } from '../../ui/Markdown';
import { ResourcesEditor } from './ResourcesEditor';

const t = nb.adminContent;
const f = t.lessonFields;

/** Create or edit a lesson: the Markdown content with a live preview rendered as the guide renders it. */
export function LessonDialog({ module, lesson, onClose }: { module: AdminModule; lesson: AdminLesson | null; onClose: () => void }) {
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [description, setDescription] = useState(lesson?.description ?? '');
  const [content, setContent] = useState(lesson?.content ?? '');
  // §9: a new lesson comes after the others, as text, premium when its module is.
  const [order, setOrder] = useState(String(lesson?.order ?? module.lessons.length + 1));
  const [type, setType] = useState<AdminLesson['type']>(lesson?.type ?? 'text');
  const [isPremium, setIsPremium] = useState(lesson?.isPremium ?? module.isPremium);
  const [duration, setDuration] = useState(lesson?.duration == null ? '' : String(lesson.duration));
  const [resources, setResources] = useState<LessonResourceInput[]>(lesson?.resources ?? []);
  const form = useFormSubmit();
  const { errors } = form;

  const values = {
    title,
    description,
    content,
    order: numberOrEmpty(order, undefined),
    type,
    isPremium,
    duration: numberOrEmpty(duration, null),
    resources,
  };

  /** Sends a new lesson, or only the fields that changed; null when nothing did. */
  function request() {
    if (!lesson) {
      const checked = check(lessonCreateSchema, { ...values, moduleId: module.id });
      return checked.errors ?? call(api.admin.content.lessons.$post({ json: checked.data }));
    }
    const checked = check(lessonPatchSchema, values);
    if (checked.errors) return checked.errors;
    const patch = changedFields(checked.data, lesson);
    return Object.keys(patch).length === 0 ? null : call(api.admin.content.lessons[':id'].$patch({ param: { id: lesson.id }, json: patch }));
  }

  const submit = () =>
    form.submit(request(), {
      onNothing: onClose,
      onSaved: (saved) => {
        toast({ title: lesson ? t.lessonUpdated : t.lessonCreated, description: saved.lesson.title });
        $adminModules.revalidate();
        onClose();
      },
      onFailed: () => toast({ title: t.saveFailedTitle, description: t.lessonSaveFailed, variant: 'destructive' }),
      fallback: t.lessonSaveFailed,
    });

  return (
    <FormDialog
      title={lesson ? t.editLessonTitle : t.newLessonTitle}
      saveLabel={t.saveLesson}
      cancelLabel={t.cancel}
      busy={form.busy}
      errors={errors}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={f.title} error={errors?.title}>
        {(control) => <input {...control} className="input" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={120} />}
      </Field>
      <Field label={f.description} error={errors?.description}>
        {(control) => <textarea {...control} className="input min-h-20" value={description} onChange={(e) => setDescription(e.target.value)} />}
      </Field>
      <Field label={f.content} hint={f.contentHint} error={errors?.content}>
        {(control) => (
          <textarea {...control} className="input min-h-56 font-mono text-sm" value={content} onChange={(e) => setContent(e.target.value)} />
        )}
      </Field>
      <section aria-labelledby="lesson-preview-title" className="rounded-xl border border-stone-200 bg-stone-50 p-4">
        <h3 id="lesson-preview-title" className="mb-3 text-sm font-bold tracking-wide text-muted uppercase">
          {f.preview}
        </h3>
        {content.trim() ? <Markdown source={content} /> : <p className="text-muted">{f.previewEmpty}</p>}
      </section>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field label={f.order} error={errors?.order}>
          {(control) => (
            <input {...control} className="input" type="number" inputMode="numeric" min={1} step={1} value={order} onChange={(e) => setOrder(e.target.value)} />
          )}
        </Field>
        <Field label={f.type} error={errors?.type}>
          {(control) => (
            <select {...control} className="input" value={type} onChange={(e) => setType(e.target.value as AdminLesson['type'])}>
              {LESSON_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t.lessonTypes[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={f.duration} hint={f.durationHint} error={errors?.duration}>
          {(control) => (
            <input {...control} className="input" type="number" inputMode="numeric" min={1} step={1} value={duration} onChange={(e) => setDuration(e.target.value)} />
          )}
        </Field>
      </div>
      <CheckboxField label={f.isPremium} checked={isPremium} onChange={setIsPremium} />
      <ResourcesEditor resources={resources} onChange={setResources} errors={errors} />
    </FormDialog>
  );
}
