import { useState } from 'react';
import { LESSON_TYPES } from '#db/schema/enums';
import { adminContent } from '#shared/copy/admin-content';
import {
  lessonCreateSchema,
  lessonPatchSchema,
  type AdminLesson,
  type AdminModule,
  type LessonResourceInput,
} from '#shared/schemas/admin-content';
import { api, call } from '#browser/api';
import { createOrPatch, numberOrEmpty } from '#browser/forms';
import { CheckboxField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { SelectField } from '../../ui/SelectField';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { MarkdownPreview } from './MarkdownPreview';
import { usePublication } from './PublicationFields';
import { ResourcesEditor } from './ResourcesEditor';
import { useContentSave } from './useContentSave';

const t = adminContent;
const f = t.lessonFields;

/** Create or edit a lesson: the Markdown content with a live preview rendered as the guide renders it. */
export function LessonDialog({
  module,
  lesson,
  onClose,
}: {
  module: AdminModule;
  lesson: AdminLesson | null;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [description, setDescription] = useState(lesson?.description ?? '');
  const [content, setContent] = useState(lesson?.content ?? '');
  // §9: a new lesson comes after the others, as text, premium when its module is.
  const [order, setOrder] = useState(String(lesson?.order ?? module.lessons.length + 1));
  const [type, setType] = useState<AdminLesson['type']>(lesson?.type ?? 'text');
  const [isPremium, setIsPremium] = useState(lesson?.isPremium ?? module.isPremium);
  const [duration, setDuration] = useState(lesson?.duration == null ? '' : String(lesson.duration));
  const [resources, setResources] = useState<LessonResourceInput[]>(lesson?.resources ?? []);
  const [videoUrl, setVideoUrl] = useState(lesson?.videoUrl ?? '');
  const [transcript, setTranscript] = useState(lesson?.transcript ?? '');
  const publication = usePublication(lesson);
  const { save, submit } = useContentSave('lesson', !lesson, {
    titleOf: (saved: { lesson: { title: string } }) => saved.lesson.title,
    onSaved: onClose,
    onClose,
  });
  const { errors } = save;

  const values = {
    title,
    description,
    content,
    order: numberOrEmpty(order, undefined),
    type,
    isPremium,
    duration: numberOrEmpty(duration, null),
    resources,
    videoUrl: videoUrl.trim() || null,
    transcript,
    ...publication.values,
  };

  const request = () =>
    createOrPatch(
      lesson,
      {
        schema: lessonCreateSchema,
        values: { ...values, moduleId: module.id },
        send: (json) => call(api.admin.content.lessons.$post({ json })),
      },
      {
        schema: lessonPatchSchema,
        values,
        send: (json) => call(api.admin.content.lessons[':id'].$patch({ param: { id: lesson!.id }, json })),
      },
    );

  return (
    <FormDialog
      title={lesson ? t.editLessonTitle : t.newLessonTitle}
      saveLabel={t.saveLesson}
      save={save}
      onSubmit={() => submit(request())}
      onClose={onClose}
    >
      <TextField label={f.title} value={title} onChange={setTitle} error={errors?.title} required maxLength={120} />
      <TextField label={f.description} value={description} onChange={setDescription} error={errors?.description} multiline />
      <TextField
        label={f.content}
        value={content}
        onChange={setContent}
        hint={f.contentHint}
        error={errors?.content}
        multiline
        inputClassName="min-h-56 font-mono text-sm"
      />
      <MarkdownPreview source={content} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label={f.order} value={order} onChange={setOrder} error={errors?.order} {...WHOLE_NUMBER} min={1} />
        <SelectField
          label={f.type}
          value={type}
          onChange={setType}
          options={LESSON_TYPES}
          optionLabel={(value) => t.lessonTypes[value]}
          error={errors?.type}
        />
        <TextField
          label={f.duration}
          value={duration}
          onChange={setDuration}
          hint={f.durationHint}
          error={errors?.duration}
          {...WHOLE_NUMBER}
          min={1}
        />
      </div>
      <TextField
        label={f.videoUrl}
        value={videoUrl}
        onChange={setVideoUrl}
        hint={f.videoUrlHint}
        error={errors?.videoUrl}
        type="url"
        inputMode="url"
        placeholder="https://"
      />
      <TextField
        label={f.transcript}
        value={transcript}
        onChange={setTranscript}
        hint={f.transcriptHint}
        error={errors?.transcript}
        multiline
        inputClassName="min-h-24 text-sm"
      />
      <CheckboxField label={f.isPremium} checked={isPremium} onChange={setIsPremium} />
      {publication.fields(errors)}
      <ResourcesEditor resources={resources} onChange={setResources} errors={errors} />
    </FormDialog>
  );
}
