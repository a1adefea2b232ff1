import { CircleCheck, Lock } from 'lucide-react';
import { lessonsPage } from '#shared/copy/guide';
import type { LessonView } from '#shared/schemas/guide';
import LessonMeta from './LessonMeta';

const t = lessonsPage;

/**
 * 'Leksjoner': every lesson with its order, title, description, minutes, type, Premium badge
 * and a check or lock. Scrolls within 600 px beside the lesson on wide screens; on a phone
 * the whole list sits above the lesson.
 */
export default function LessonList({
  lessons,
  selectedId,
  onSelect,
  sticky,
}: {
  lessons: LessonView[];
  selectedId: string | undefined;
  onSelect: (lesson: LessonView) => void;
  /** Stays in view while the lesson scrolls (wide screens); not when a panel sits beneath it, which it would slide over. */
  sticky: boolean;
}) {
  return (
    <section aria-labelledby="lessons-title" className={`card overflow-hidden p-0 ${sticky ? 'lg:sticky lg:top-6' : ''}`}>
      <div className="border-b border-stone-200 px-5 py-4">
        <h2 id="lessons-title" className="text-lg font-bold">
          {t.listTitle}
        </h2>
        <p className="text-sm text-muted">{t.listPrompt}</p>
      </div>
      <ol className="space-y-1 p-2 lg:max-h-[600px] lg:overflow-y-auto">
        {lessons.map((lesson) => {
          const selected = lesson.id === selectedId;
          return (
            <li key={lesson.id}>
              <button
                type="button"
                data-testid="lesson-item"
                aria-current={selected ? 'true' : undefined}
                onClick={() => onSelect(lesson)}
                className={`flex w-full items-start gap-3 rounded-xl border p-3 text-left motion-safe:transition-colors ${
                  selected ? 'border-brand-200 bg-brand-50' : 'border-transparent hover:bg-stone-50'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold ${
                    lesson.completed
                      ? 'bg-emerald-100 text-emerald-800'
                      : selected
                        ? 'bg-brand-700 text-white'
                        : 'bg-stone-100 text-stone-700'
                  }`}
                >
                  {lesson.order}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block leading-snug font-semibold">{lesson.title}</span>
                  {lesson.description && (
                    <span className="mt-0.5 line-clamp-2 block text-sm text-muted">{lesson.description}</span>
                  )}
                  <span className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-stone-700">
                    <LessonMeta lesson={lesson} iconClass="size-3.5" />
                  </span>
                </span>
                {lesson.completed ? (
                  <>
                    <CircleCheck className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
                    <span className="sr-only">, {t.completed}</span>
                  </>
                ) : lesson.isLocked ? (
                  <>
                    <Lock className="size-5 shrink-0 text-stone-500" aria-hidden="true" />
                    <span className="sr-only">, {t.lockedLesson}</span>
                  </>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
