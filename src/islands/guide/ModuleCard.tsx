import type { ReactNode } from 'react';
import { BookOpen, CircleCheck, Circle, Clock, Crown, Lock, Signal, Sparkles } from 'lucide-react';
import { guide, lessonsPage } from '#shared/copy/guide';
import { modulePath, PATHS } from '#shared/paths';
import type { ModuleSummary } from '#shared/schemas/guide';
import ProgressBar from '../ui/ProgressBar';
import ModuleIcon from './ModuleIcon';
import { inPreview } from './PreviewBanner';

const t = guide;
const SHOWN_LESSONS = 3;

type CardState = 'open' | 'locked' | 'premium';

/**
 * Premium-locked (premium module, no premium) goes to /premium; locked (not unlocked, not first) does nothing
 * (docs/decisions/0011-guide.md, Unlocking).
 */
function stateOf(m: ModuleSummary): CardState {
  if (m.isPremiumRequired) return 'premium';
  if (!m.unlocked && m.order > 1) return 'locked';
  return 'open';
}

const CARD_STYLE: Record<CardState, string> = {
  open: 'border-stone-200 bg-white hover:border-brand-200 hover:shadow-md',
  // Dimmed by colour, not opacity, so its text keeps AA contrast.
  locked: 'border-dashed border-stone-300 bg-stone-100 [&_[data-dim]]:opacity-50 [&_[data-dim]]:grayscale',
  premium: 'border-amber-300 bg-amber-50/60 ring-1 ring-amber-200 hover:shadow-md',
};

/** `recommended`: the module "Fortsett der du slapp" leads to, marked instead of locking the rest (DESIGN.md, module locking). */
export default function ModuleCard({ module: m, recommended = false }: { module: ModuleSummary; recommended?: boolean }) {
  const state = stateOf(m);
  const href = state === 'open' ? inPreview(modulePath(m.id)) : state === 'premium' ? PATHS.premium : null;
  const progress = Math.min(100, m.progress);
  const statusId = `module-${m.id}-status`;
  const cta = progress >= 100 ? t.review : progress > 0 ? t.continue : t.start;

  return (
    <li
      data-testid="module-card"
      data-state={state}
      className={`relative flex flex-col rounded-2xl border p-5 shadow-sm motion-safe:transition sm:p-6 ${CARD_STYLE[state]}`}
    >
      <div className="flex items-start gap-4">
        <div data-dim>
          <ModuleIcon icon={m.icon} color={m.color} />
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-muted">{t.moduleNumber(m.order)}</p>
          <h3 className="mt-0.5 text-lg leading-snug font-bold text-balance">
            {href ? (
              <a
                href={href}
                aria-describedby={statusId}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-600"
              >
                {m.title}
              </a>
            ) : (
              m.title
            )}
          </h3>
        </div>
        {state === 'locked' && <Lock className="size-6 shrink-0 text-stone-600" aria-hidden="true" />}
        {state === 'premium' && <Crown className="size-6 shrink-0 text-amber-600" aria-hidden="true" />}
        {state === 'open' && m.completed && <CircleCheck className="size-6 shrink-0 text-emerald-600" aria-hidden="true" />}
      </div>

      <p className="mt-3 line-clamp-3 text-sm leading-6 text-muted">{m.description}</p>

      <dl className="mt-4 flex flex-wrap gap-2 text-sm">
        <Chip label={t.estimatedTimeLabel} icon={<Clock className="size-4" aria-hidden="true" />}>
          {t.estimatedTime(m.duration)}
        </Chip>
        <Chip label={t.difficultyLabel} icon={<Signal className="size-4" aria-hidden="true" />}>
          {t.difficulty[m.difficulty]}
        </Chip>
        <Chip label={lessonsPage.listTitle} icon={<BookOpen className="size-4" aria-hidden="true" />}>
          {t.lessonCount(m.lessonCount)}
        </Chip>
      </dl>

      {m.lessons.length > 0 && (
        <ul className="mt-4 space-y-1.5" aria-label={lessonsPage.listTitle}>
          {m.lessons.slice(0, SHOWN_LESSONS).map((l) => (
            <li key={l.id} className="flex items-center gap-2 rounded-lg bg-stone-100/80 px-3 py-2 text-sm">
              {l.completed ? (
                <CircleCheck className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
              ) : l.isLocked ? (
                <Lock className="size-4 shrink-0 text-stone-500" aria-hidden="true" />
              ) : (
                <Circle className="size-4 shrink-0 text-stone-400" aria-hidden="true" />
              )}
              <span className="min-w-0 flex-1 truncate">{l.title}</span>
              {l.completed && <span className="sr-only">{t.lessonDone}</span>}
              {!l.completed && l.isLocked && <span className="sr-only">{t.lessonLocked}</span>}
            </li>
          ))}
          {m.lessons.length > SHOWN_LESSONS && (
            <li className="px-3 text-xs text-muted">{t.moreLessons(m.lessons.length - SHOWN_LESSONS)}</li>
          )}
        </ul>
      )}

      <div className="mt-auto pt-5">
        <div className="mb-2 flex items-center justify-between gap-3 text-sm">
          <span className="font-semibold">{t.progress(progress)}</span>
          {state === 'open' && (
            <span className="font-semibold text-brand-800" aria-hidden="true">
              {cta} →
            </span>
          )}
        </div>
        <ProgressBar value={progress} label={`${t.progressLabel}: ${m.title}`} />
        <p id={statusId} className="mt-3 flex items-center gap-1.5 text-sm font-medium">
          {state === 'open' && recommended && (
            <>
              <Sparkles className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span data-testid="recommended-next" className="text-brand-800">
                {t.recommendedNext}
              </span>
            </>
          )}
          {state === 'locked' && (
            <>
              <Lock className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {t.locked} – {t.lockedHint}
              </span>
            </>
          )}
          {state === 'premium' && (
            <>
              <Crown className="size-4 shrink-0 text-amber-700" aria-hidden="true" />
              <span className="text-amber-900">{t.premiumHint}</span>
            </>
          )}
        </p>
      </div>
    </li>
  );
}

function Chip({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="inline-flex items-center gap-1.5 rounded-full bg-stone-100 px-3 py-1 text-stone-700">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
