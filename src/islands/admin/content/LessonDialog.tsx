import { LESSON_TYPES } from '#db/schema/enums';
import { adminContent } from '#shared/copy/admin/content';
import {
  lessonCreateSchema,
  lessonPatchSchema,
  type AdminLesson,
  type AdminModule,
  type LessonResourceInput,
} from '#shared/schemas/admin/content';
import { api, call } from '#browser/api';
import { createOrPatch, numberOrEmpty } from '#browser/forms';
import { CheckboxField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useForm } from '../../ui/useForm';
import { SelectField } from '../../ui/SelectField';
import { TextField, WHOLE_NUMBER } from '../../ui/TextField';
import { CaptionsField } from './CaptionsField';
import { MarkdownPreview } from './MarkdownPreview';
import { newQuizDraft, QuizEditor, type QuizDraft } from './QuizEditor';
import { usePublication } from './PublicationFields';
import { ResourcesEditor } from './ResourcesEditor';
import { contentSave } from './content-save';

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
  const form = useForm(() => ({
    title: lesson?.title ?? '',
    description: lesson?.description ?? '',
    content: lesson?.content ?? '',
    // A new lesson comes after the others, as text, premium when its module is: the server's defaults
    // (src/worker/features/admin/content/lessons.ts).
    order: String(lesson?.order ?? module.lessons.length + 1),
    type: lesson?.type ?? ('text' as AdminLesson['type']),
    isPremium: lesson?.isPremium ?? module.isPremium,
    duration: lesson?.duration == null ? '' : String(lesson.duration),
    resources: lesson?.resources ?? ([] as LessonResourceInput[]),
    videoUrl: lesson?.videoUrl ?? '',
    transcript: lesson?.transcript ?? '',
    captionsFileId: lesson?.captionsFileId ?? '',
    quiz: (lesson?.quiz ? { ...lesson.quiz, passMark: String(lesson.quiz.passMark) } : null) as QuizDraft | null,
  }));
  const { bind, errors } = form;
  const { order, duration, videoUrl, content, type, quiz } = form.values;
  // A quiz lesson edits its questions; choosing the type starts one (kept if the type changes back and forth).
  const quizDraft = type === 'quiz' ? (quiz ?? newQuizDraft()) : null;
  const publication = usePublication(lesson);
  const submit = contentSave(form, 'lesson', !lesson, {
    titleOf: (saved: { lesson: { title: string } }) => saved.lesson.title,
    onSaved: onClose,
    onClose,
  });
  const values = {
    ...form.values,
    order: numberOrEmpty(order, undefined),
    duration: numberOrEmpty(duration, null),
    videoUrl: videoUrl.trim() || null,
    captionsFileId: form.values.captionsFileId || null,
    quiz: quizDraft && { ...quizDraft, passMark: numberOrEmpty(quizDraft.passMark, NaN) },
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
      save={form}
      onSubmit={() => submit(request())}
      onClose={onClose}
    >
      <TextField label={f.title} {...bind('title')} required maxLength={120} />
      <TextField label={f.description} {...bind('description')} multiline />
      <TextField
        label={f.content}
        {...bind('content')}
        hint={f.contentHint}
        multiline
        inputClassName="min-h-56 font-mono text-sm"
      />
      <MarkdownPreview source={content} />
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField label={f.order} {...bind('order')} {...WHOLE_NUMBER} min={1} />
        <SelectField label={f.type} {...bind('type')} options={LESSON_TYPES} optionLabel={(value) => t.lessonTypes[value]} />
        <TextField label={f.duration} {...bind('duration')} hint={f.durationHint} {...WHOLE_NUMBER} min={1} />
      </div>
      <TextField
        label={f.videoUrl}
        {...bind('videoUrl')}
        hint={f.videoUrlHint}
        type="url"
        inputMode="url"
        placeholder="https://"
      />
      <TextField
        label={f.transcript}
        {...bind('transcript')}
        hint={f.transcriptHint}
        multiline
        inputClassName="min-h-24 text-sm"
      />
      <CaptionsField
        videoUrl={videoUrl}
        transcript={form.values.transcript}
        captionsFileId={form.values.captionsFileId}
        onChange={(captionsFileId) => form.set({ captionsFileId })}
      />
      {quizDraft && (
        <QuizEditor
          quiz={quizDraft}
          onChange={(next) => form.set({ quiz: next })}
          errors={errors}
          stats={lesson?.quizStats ?? []}
        />
      )}
      <CheckboxField label={f.isPremium} {...form.flag('isPremium')} />
      {publication.fields(errors)}
      <ResourcesEditor resources={form.values.resources} onChange={(resources) => form.set({ resources })} errors={errors} />
    </FormDialog>
  );
}
