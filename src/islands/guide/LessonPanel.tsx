import { CircleCheck, Crown, Download, ExternalLink, FileDown } from 'lucide-react';
import type { Ref } from 'react';
import { lessonsPage, markdown } from '#shared/copy/guide';
import { quiz as quizText } from '#shared/copy/guide/quiz';
import { PATHS } from '#shared/paths';
import type { LessonView, QuizAttemptResponse } from '#shared/schemas/guide';
import Markdown from '../ui/Markdown';
import LessonMeta from './LessonMeta';
import LessonNote from './LessonNote';
import LessonQuiz from './LessonQuiz';
import VideoPlayer from './VideoPlayer';

const t = lessonsPage;
type OpenLesson = Extract<LessonView, { isLocked: false }>;

/**
 * The selected lesson: its content by type, resources and 'Marker som fullført' (a quiz lesson is
 * completed by passing its quiz instead) — or, when locked, the way to Premium.
 */
export default function LessonPanel({
  lesson,
  headingRef,
  saving,
  onComplete,
  onQuizPassed,
}: {
  lesson: LessonView;
  headingRef: Ref<HTMLHeadingElement>;
  saving: boolean;
  onComplete: (lesson: OpenLesson) => void;
  onQuizPassed: (lesson: OpenLesson, result: QuizAttemptResponse) => void;
}) {
  return (
    <article aria-labelledby="lesson-title" className="card min-w-0 p-5 sm:p-8">
      <header>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium text-muted">
          <span>{t.lessonNumber(lesson.order)}</span>
          <LessonMeta lesson={lesson} iconClass="size-4" />
        </p>
        <h2
          id="lesson-title"
          ref={headingRef}
          tabIndex={-1}
          className="mt-2 scroll-mt-24 text-2xl leading-tight font-extrabold tracking-tight text-balance outline-none sm:text-3xl"
        >
          {lesson.title}
        </h2>
        {lesson.description && <p className="mt-3 text-lg leading-8 text-muted">{lesson.description}</p>}
      </header>

      {lesson.isLocked ? (
        <LockedLesson />
      ) : (
        <>
          <LessonBody lesson={lesson} onWatched={() => !lesson.completed && !saving && onComplete(lesson)} />
          {lesson.quiz && (
            <LessonQuiz
              key={lesson.id}
              moduleId={lesson.moduleId}
              lessonId={lesson.id}
              quiz={lesson.quiz}
              onPassed={(result) => onQuizPassed(lesson, result)}
            />
          )}
          <LessonNote key={lesson.id} lessonId={lesson.id} note={lesson.note} />
        </>
      )}

      {!lesson.isLocked && (
        <footer className="mt-10 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-6">
          {lesson.completed ? (
            <button type="button" className="btn-secondary" disabled>
              <CircleCheck className="size-5 text-emerald-700" aria-hidden="true" />
              {t.done}
            </button>
          ) : lesson.type === 'quiz' ? (
            <p className="text-sm text-muted">{quizText.completesOnPass}</p>
          ) : (
            <button type="button" className="btn-primary" disabled={saving} onClick={() => onComplete(lesson)}>
              <CircleCheck className="size-5" aria-hidden="true" />
              {saving ? t.saving : t.markDone}
            </button>
          )}
        </footer>
      )}
    </article>
  );
}

function LessonBody({ lesson, onWatched }: { lesson: OpenLesson; onWatched: () => void }) {
  const hasContent = lesson.html.length > 0;
  // A quiz lesson's questions are its content; its text, if any, introduces them.
  const empty = !lesson.videoUrl && !lesson.quiz;
  return (
    <div className="mt-8 space-y-8">
      {lesson.videoUrl && (
        <VideoPlayer
          key={lesson.id}
          lessonId={lesson.id}
          title={lesson.title}
          videoUrl={lesson.videoUrl}
          captionsHref={lesson.captionsHref}
          position={lesson.videoPosition}
          onWatched={onWatched}
        />
      )}
      {lesson.transcriptHtml && (
        <details className="rounded-2xl border border-stone-200 p-5 sm:p-6">
          <summary className="cursor-pointer text-lg font-bold">{t.transcript}</summary>
          <div className="mt-4">
            <Markdown html={lesson.transcriptHtml} />
          </div>
        </details>
      )}
      {hasContent ? (
        lesson.type === 'interactive' ? (
          <div className="rounded-2xl border-2 border-brand-200 bg-brand-50/40 p-5 sm:p-6">
            <Markdown html={lesson.html} />
          </div>
        ) : (
          <Markdown html={lesson.html} />
        )
      ) : (
        empty && <p className="rounded-2xl bg-stone-50 p-6 text-center text-muted">{t.contentSoon}</p>
      )}
      {lesson.resources.length > 0 && <Resources resources={lesson.resources} />}
    </div>
  );
}

function Resources({ resources }: { resources: OpenLesson['resources'] }) {
  return (
    <section aria-labelledby="resources-title" className="rounded-2xl bg-stone-50 p-5 sm:p-6">
      <h3 id="resources-title" className="text-lg font-bold">
        {t.resources}
      </h3>
      <ul className="mt-3 space-y-2">
        {resources.map((r, i) => (
          <li key={`${i}-${r.title}`} className="flex items-start gap-2">
            <FileDown className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            {r.href ? (
              // An uploaded file: the signed link answers with Content-Disposition: attachment.
              <a href={r.href} download className="font-medium text-brand-800 underline underline-offset-2">
                {r.title}
                <Download className="ml-1 inline size-4" aria-hidden="true" />
                <span className="sr-only"> ({t.download})</span>
              </a>
            ) : r.url ? (
              // Checked on the server: only http(s), mailto or a path on this site reaches the page.
              <a
                href={r.url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-800 underline underline-offset-2"
              >
                {r.title}
                <ExternalLink className="ml-1 inline size-4" aria-hidden="true" />
                <span className="sr-only"> {markdown.newTab}</span>
              </a>
            ) : (
              <span>{r.title}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function LockedLesson() {
  return (
    <div className="mt-8 space-y-4 rounded-2xl border border-amber-300 bg-amber-50 p-6 text-center sm:p-10">
      <Crown className="mx-auto size-12 text-amber-600" aria-hidden="true" />
      <p lang="en" className="text-xl font-bold">
        {t.premiumLesson}
      </p>
      <p className="mx-auto max-w-md text-muted">{t.premiumLessonText}</p>
      <a href={PATHS.premium} className="btn-primary">
        <Crown className="size-5" aria-hidden="true" />
        {t.upgrade}
      </a>
    </div>
  );
}
