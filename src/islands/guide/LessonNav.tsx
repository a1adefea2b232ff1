import { ArrowLeft, ArrowRight, Crown, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { lessonPath, modulePath, PATHS } from '#shared/paths';
import type { LessonView, ModuleDetail, NeighbourLesson } from '#shared/schemas/guide';
import { inPreview } from './PreviewBanner';
import { learner } from '#shared/copy/guide/learner';

const t = learner.lessonNav;
type Side = 'previous' | 'next';

/**
 * "Forrige" and "Neste" under the lesson: within the module, then into the module before or
 * after. A premium lesson shows as such (opening it shows the way to Premium, never its
 * content); a module not yet open says so and leads nowhere.
 */
export default function LessonNav({
  module,
  current,
  onShow,
}: {
  module: ModuleDetail;
  current: LessonView;
  onShow: (lesson: LessonView) => void;
}) {
  const at = module.lessons.findIndex((l) => l.id === current.id);
  const step = (side: Side) => {
    const lesson = module.lessons[side === 'previous' ? at - 1 : at + 1];
    if (lesson) return <LessonStep side={side} lesson={lesson} onShow={onShow} />;
    const neighbour = module.neighbours[side];
    return neighbour ? <ModuleStep side={side} neighbour={neighbour} /> : null;
  };
  return (
    <nav aria-label={t.label} className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2" data-testid="lesson-nav">
      <div>{step('previous')}</div>
      <div className="sm:text-right">{step('next')}</div>
    </nav>
  );
}

const STEP = 'flex min-h-11 w-full items-center gap-3 rounded-2xl border p-4 text-left';

/** What a step shows: which way, where to, and why it is locked if it is. */
function StepText({ side, label, title, note }: { side: Side; label: string; title: string; note?: string }) {
  return (
    <span className={`min-w-0 flex-1 ${side === 'next' ? 'sm:text-right' : ''}`}>
      <span className="block text-sm font-semibold text-muted">{label}</span>
      <span className="sr-only">: </span>
      <span className="block leading-snug font-semibold text-balance">{title}</span>
      {note && (
        <span className="block text-sm font-medium text-stone-700">
          <span className="sr-only">, </span>
          {note}
        </span>
      )}
    </span>
  );
}

function Arrowed({ side, icon, children }: { side: Side; icon?: ReactNode; children: ReactNode }) {
  const arrow =
    side === 'previous' ? (
      <ArrowLeft className="size-5 shrink-0" aria-hidden="true" />
    ) : (
      <ArrowRight className="size-5 shrink-0" aria-hidden="true" />
    );
  return (
    <>
      {side === 'previous' && arrow}
      {children}
      {icon}
      {side === 'next' && arrow}
    </>
  );
}

function LessonStep({ side, lesson, onShow }: { side: Side; lesson: LessonView; onShow: (lesson: LessonView) => void }) {
  return (
    <button
      type="button"
      className={`${STEP} border-stone-200 bg-white hover:border-brand-200 hover:bg-brand-50/40`}
      onClick={() => onShow(lesson)}
    >
      <Arrowed
        side={side}
        icon={lesson.isLocked ? <Crown className="size-5 shrink-0 text-amber-600" aria-hidden="true" /> : undefined}
      >
        <StepText
          side={side}
          label={side === 'previous' ? t.previous : t.next}
          title={lesson.title}
          note={lesson.isLocked ? t.premium : undefined}
        />
      </Arrowed>
    </button>
  );
}

function ModuleStep({ side, neighbour: n }: { side: Side; neighbour: NeighbourLesson }) {
  const label = side === 'previous' ? t.previousModule : t.nextModule;
  const title = n.lessonTitle ? `${n.moduleTitle}: ${n.lessonTitle}` : n.moduleTitle;
  if (n.locked === 'module') {
    return (
      <p className={`${STEP} border-dashed border-stone-300 bg-stone-100`} data-testid="lesson-nav-locked">
        <Arrowed side={side} icon={<Lock className="size-5 shrink-0 text-stone-600" aria-hidden="true" />}>
          <StepText side={side} label={label} title={title} note={t.locked} />
        </Arrowed>
      </p>
    );
  }
  const premium = n.locked === 'premium';
  const href = premium ? PATHS.premium : inPreview(n.lessonId ? lessonPath(n.moduleId, n.lessonId) : modulePath(n.moduleId));
  return (
    <a
      href={href}
      className={`${STEP} ${premium ? 'border-amber-300 bg-amber-50/60' : 'border-stone-200 bg-white hover:border-brand-200 hover:bg-brand-50/40'}`}
    >
      <Arrowed side={side} icon={premium ? <Crown className="size-5 shrink-0 text-amber-600" aria-hidden="true" /> : undefined}>
        <StepText side={side} label={label} title={title} note={premium ? t.premium : undefined} />
      </Arrowed>
    </a>
  );
}
