import { useStore } from '@nanostores/react';
import { ArrowLeft, Lock, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { MODULE_DONE_REDIRECT_MS, SITE_NAME } from '#shared/constants';
import { guide, lessonsPage } from '#shared/copy/guide';
import { ACHIEVEMENTS } from '#shared/gamification';
import { LESSON_PARAM, lessonPath, loginPath, moduleIdFromPath, PATHS } from '#shared/paths';
import type { Award, LessonView, ModuleDetail, QuizAttemptResponse } from '#shared/schemas/guide';
import { ApiError } from '#browser/api';
import { $auth, checkSession } from '#browser/stores/auth';
import { $module, $moduleId, $saveProgress, recordAction } from '#browser/stores/guide';
import { toast } from '#browser/stores/toast';
import Loading from '../ui/Loading';
import Notice from '../ui/Notice';
import ProgressBar from '../ui/ProgressBar';
import LessonList from './LessonList';
import LessonNav from './LessonNav';
import LessonPanel from './LessonPanel';
import LessonQuestions from './questions/LessonQuestions';
import ModuleIcon from './ModuleIcon';
import PreviewBanner, { inPreview } from './PreviewBanner';
import { UpsellSidebar, useUpsell } from './Upsell';

const t = lessonsPage;

/** /guide/lessons/{moduleId}: the module's lessons (Reading B). Visitors go to login, premium modules without premium to /premium. */
export default function ModulePage() {
  const auth = useStore($auth);
  const { data, error } = useStore($module);
  const [missingId, setMissingId] = useState(false);

  useEffect(() => {
    void checkSession().then((state) => {
      if (state.status === 'anonymous') return window.location.replace(loginPath(window.location.pathname));
      const id = moduleIdFromPath(window.location.pathname);
      if (id) $moduleId.set(id);
      else setMissingId(true);
    });
  }, []);

  const code = error instanceof ApiError ? error.code : undefined;
  useEffect(() => {
    if (code === 'premium_required') window.location.replace(PATHS.premium);
    if (code === 'unauthenticated') window.location.replace(loginPath(window.location.pathname));
  }, [code]);

  if (missingId || code === 'module_not_found') {
    return (
      <Notice icon={<SearchX className="size-7" />} title={t.notFound}>
        <p className="text-muted">{t.notFoundText}</p>
        <BackLink primary />
      </Notice>
    );
  }
  if (code === 'module_locked') {
    return (
      <Notice icon={<Lock className="size-7" />} title={t.lockedTitle}>
        <p className="text-muted">{t.lockedText}</p>
        <BackLink primary />
      </Notice>
    );
  }
  if (error && code !== 'premium_required' && code !== 'unauthenticated') {
    return (
      <Notice icon={<TriangleAlert className="size-7" />} title={guide.loadFailed}>
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => $module.revalidate()}>
            {guide.retry}
          </button>
          <BackLink />
        </div>
      </Notice>
    );
  }
  if (auth.status !== 'authenticated' || !data) return <Loading text={t.loading} />;
  return <ModuleView module={data.module} />;
}

function BackLink({ primary = false }: { primary?: boolean }) {
  return (
    <a href={PATHS.guide} className={primary ? 'btn-primary' : 'btn-secondary'}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t.back}
    </a>
  );
}

/** The lesson after `current` in order, else the first one not yet done; null when there is none. */
function nextLesson(lessons: LessonView[], current: LessonView): LessonView | null {
  const after = lessons.find((l) => l.order > current.order && l.id !== current.id);
  return after ?? lessons.find((l) => !l.completed && !l.isLocked && l.id !== current.id) ?? null;
}

/** '+25 XP · Ny prestasjon: Første steg (+50 XP)' for a toast, or undefined when nothing was awarded. */
function awardText(awarded: Award[]): string | undefined {
  const xp = awarded.filter((a) => a.kind !== 'achievement').reduce((sum, a) => sum + a.points, 0);
  const parts = [
    ...(xp > 0 ? [t.xpGained(xp)] : []),
    ...awarded.flatMap((a) => (a.achievementId ? [t.newAchievement(ACHIEVEMENTS[a.achievementId].title, a.points)] : [])),
  ];
  return parts.length ? parts.join(' · ') : undefined;
}

/** The lesson the address names (`?leksjon=`: continue, search, next/previous from another module), if it is in this module. */
const lessonInAddress = (module: ModuleDetail) => {
  const id = new URLSearchParams(window.location.search).get(LESSON_PARAM);
  return module.lessons.find((l) => l.id === id);
};

function ModuleView({ module }: { module: ModuleDetail }) {
  const [selectedId, setSelectedId] = useState(() => (lessonInAddress(module) ?? module.lessons[0])?.id);
  const [finished, setFinished] = useState(false);
  const saving = useStore($saveProgress).loading ?? false;
  const upsell = useUpsell();
  const sidebar = upsell?.campaign.displayType === 'sidebar' ? upsell : null;
  const heading = useRef<HTMLHeadingElement>(null);
  const selected = module.lessons.find((l) => l.id === selectedId) ?? module.lessons[0];

  useEffect(() => {
    document.title = `${module.title} | ${SITE_NAME}`;
  }, [module.title]);

  // Arriving at a named lesson: bring it into view (on a phone it sits under the lesson list).
  useEffect(() => {
    const named = lessonInAddress(module);
    if (named) show(named);
    // Once, on arrival: later changes of the module (saved progress) keep the reader where they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Shows a lesson and moves focus to its heading (scrolling to it when it is out of view, as on a phone). */
  function show(lesson: LessonView) {
    setSelectedId(lesson.id);
    // The address names the lesson, so a reload or a shared link opens it again.
    window.history.replaceState(window.history.state, '', inPreview(lessonPath(module.id, lesson.id)));
    requestAnimationFrame(() => {
      const el = heading.current;
      if (!el) return;
      el.focus({ preventScroll: true });
      const { top } = el.getBoundingClientRect();
      if (top < 0 || top > window.innerHeight * 0.6) {
        const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        el.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
      }
    });
  }

  function choose(lesson: LessonView) {
    show(lesson);
    if (lesson.isLocked) {
      toast({ title: t.premiumRequiredTitle, description: t.premiumRequiredText, variant: 'destructive' });
    }
  }

  async function complete(lesson: LessonView) {
    const result = await $saveProgress.mutate({
      moduleId: module.id,
      completedSections: [...new Set([...module.completedSections, lesson.id])],
    });
    if (!result) return; // the store's onError has said why
    recordAction({ actionType: 'lesson_completed', actionData: { lessonId: lesson.id }, moduleId: module.id });
    const description = awardText(result.awarded);
    if (result.progress.completionPercentage >= 100) {
      setFinished(true);
      toast({ title: t.moduleDone, description: description ? `${description}. ${t.backSoon}` : t.backSoon });
      window.setTimeout(() => window.location.assign(PATHS.guide), MODULE_DONE_REDIRECT_MS);
      return;
    }
    toast({ title: t.progressSaved, description });
    const next = nextLesson(module.lessons, lesson);
    if (next) show(next);
  }

  /**
   * A passed quiz completed its lesson on the server (the answer carries the progress and XP): the
   * usual celebration, but the learner stays on the results; the lesson list and "Neste" lead on.
   */
  function quizPassed(lesson: LessonView, result: QuizAttemptResponse) {
    if (result.awarded.length === 0) return; // passed before: nothing new to celebrate
    recordAction({ actionType: 'lesson_completed', actionData: { lessonId: lesson.id }, moduleId: module.id });
    const done = result.progress.completionPercentage >= 100;
    toast({ title: done ? t.moduleDone : t.progressSaved, description: awardText(result.awarded) });
  }

  const { progress, completedCount, availableLessonCount } = module;
  return (
    <div className="space-y-6">
      <PreviewBanner />
      <nav aria-label={t.backShort}>
        <a
          href={inPreview(PATHS.guide)}
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-800 hover:text-brand-700"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t.back}
        </a>
      </nav>

      <header className="card flex flex-col gap-5 sm:flex-row sm:items-start">
        <ModuleIcon icon={module.icon} color={module.color} size="size-16 text-4xl" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-muted">{guide.moduleNumber(module.order)}</p>
          <h1 className="mt-0.5 text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">{module.title}</h1>
          <p className="mt-2 leading-7 text-muted">{module.description}</p>
          <div className="mt-5 space-y-2">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
              <span className="font-bold" data-testid="module-percent">
                {t.percentDone(Math.min(100, progress))}
              </span>
              <span className="text-muted" data-testid="module-count">
                {t.doneOfTotal(completedCount, availableLessonCount)}
              </span>
            </div>
            <ProgressBar value={progress} label={`${guide.progressLabel}: ${module.title}`} />
          </div>
        </div>
      </header>

      {/* A sidebar campaign goes under the lesson list on a wide screen (the lesson spans both rows), after the lesson on a
          phone; the list then stays in its place, or sticking it would slide it under the campaign's panel. */}
      <div
        className={`grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start ${sidebar ? 'lg:grid-rows-[auto_1fr]' : ''}`}
      >
        <LessonList lessons={module.lessons} selectedId={selected?.id} onSelect={choose} sticky={!sidebar} />
        <div className={sidebar ? 'lg:row-span-2' : ''}>
          {selected ? (
            <>
              <LessonPanel
                lesson={selected}
                headingRef={heading}
                saving={saving || finished}
                onComplete={complete}
                onQuizPassed={quizPassed}
              />
              {!selected.isLocked && <LessonQuestions key={selected.id} lessonId={selected.id} />}
              <LessonNav module={module} current={selected} onShow={show} />
            </>
          ) : (
            <p className="card text-center text-muted">{t.contentSoon}</p>
          )}
        </div>
        {sidebar && (
          <div className="lg:col-start-1 lg:row-start-2">
            <UpsellSidebar upsell={sidebar} />
          </div>
        )}
      </div>
    </div>
  );
}
