import {
  Bot,
  Clock,
  FileText,
  ListChecks,
  MousePointerClick,
  Pencil,
  Plus,
  Trash2,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import type { AdminLesson, AdminModule } from '#shared/schemas/admin/content';
import { api, call } from '#browser/api';
import { $adminModules } from '#browser/stores/admin/content';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { IconButton } from '../../ui/IconButton';
import { PremiumBadge, PublicationBadge } from './badges';
import { LessonDialog } from './LessonDialog';
import { DragHandle, MoveButtons, ReorderAnnouncer, useReorder } from './Reorder';

const t = adminContent;
const TYPE_ICONS: Record<AdminLesson['type'], LucideIcon> = {
  text: FileText,
  video: Video,
  interactive: MousePointerClick,
  'ai-prompt': Bot,
  quiz: ListChecks,
};

/** Leksjoner: the module's lessons by order, with create, edit and delete. */
export function LessonsTab({ module }: { module: AdminModule }) {
  const [editing, setEditing] = useState<{ lesson: AdminLesson | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminLesson | null>(null);
  const reorder = useReorder(module.lessons, (ids) =>
    call(api.admin.content.order.$put({ json: { moduleId: module.id, lessons: ids } })),
  );

  async function remove(lesson: AdminLesson) {
    await call(api.admin.content.lessons[':id'].$delete({ param: { id: lesson.id } }));
    toast({ title: t.lessonDeleted, description: lesson.title });
    $adminModules.revalidate();
  }

  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button type="button" className="btn-primary" onClick={() => setEditing({ lesson: null })}>
          <Plus aria-hidden="true" className="size-5" />
          {t.newLesson}
        </button>
      </div>
      <p id="lessons-reorder-hint" className="mb-3 text-sm text-muted">
        {t.reorderHint}
      </p>
      <ReorderAnnouncer text={reorder.announcement} />
      {module.lessons.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-6 text-center text-muted">{t.noLessons}</p>
      ) : (
        <ol className="divide-y divide-stone-200 rounded-xl border border-stone-200" aria-describedby="lessons-reorder-hint">
          {reorder.ordered.map((lesson, index) => {
            const TypeIcon = TYPE_ICONS[lesson.type];
            return (
              <li
                key={lesson.id}
                {...reorder.dragProps(lesson)}
                className={`flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap sm:p-4 ${reorder.dragging === lesson.id ? 'opacity-50' : ''}`}
              >
                <span className="mt-1.5">
                  <DragHandle />
                </span>
                <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-stone-100 text-sm font-bold">
                  {lesson.order}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold">{lesson.title}</p>
                  {lesson.description && <p className="mt-0.5 line-clamp-2 text-sm text-muted">{lesson.description}</p>}
                  <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                    <span className="inline-flex items-center gap-1">
                      <TypeIcon aria-hidden="true" className="size-4" />
                      {t.lessonTypes[lesson.type]}
                    </span>
                    {lesson.duration !== null && (
                      <span className="inline-flex items-center gap-1">
                        <Clock aria-hidden="true" className="size-4" />
                        {t.minutes(lesson.duration)}
                      </span>
                    )}
                    <span className="inline-flex items-center gap-1">
                      <Users aria-hidden="true" className="size-4" />
                      {t.completedBy(lesson.completedBy)}
                    </span>
                    {lesson.type === 'quiz' && <QuizStatsSummary stats={lesson.quizStats} />}
                    {lesson.isPremium && <PremiumBadge />}
                    <PublicationBadge row={lesson} />
                  </p>
                </div>
                <div className="flex shrink-0">
                  <MoveButtons
                    title={lesson.title}
                    index={index}
                    count={module.lessons.length}
                    onMove={(delta) => reorder.move(lesson, delta)}
                  />
                  <IconButton label={t.editLessonLabel(lesson.title)} icon={Pencil} onClick={() => setEditing({ lesson })} />
                  <IconButton
                    label={t.deleteLessonLabel(lesson.title)}
                    icon={Trash2}
                    onClick={() => setDeleting(lesson)}
                    danger
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {editing && <LessonDialog module={module} lesson={editing.lesson} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        subject={deleting}
        title={t.deleteLessonTitle}
        message={(lesson) =>
          t.deleteLessonText(lesson.title) + (lesson.completedBy > 0 ? t.deleteLessonProgress(lesson.completedBy) : '')
        }
        confirmLabel={t.delete}
        destructive
        failed={{ title: t.deleteFailedTitle, message: t.lessonDeleteFailed }}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** The quiz question learners miss most often on their first attempt, as a share (the dialog shows every question). */
function QuizStatsSummary({ stats }: { stats: AdminLesson['quizStats'] }) {
  const shares = stats.filter((s) => s.firstAnswers > 0).map((s) => Math.round((s.firstWrong / s.firstAnswers) * 100));
  if (shares.length === 0) return null;
  return (
    <span className="inline-flex items-center gap-1">
      <ListChecks aria-hidden="true" className="size-4" />
      {t.quizFields.statsSummary(Math.max(...shares))}
    </span>
  );
}
