import { Crown, Flame, LogOut, NotebookPen, UserRound, Zap } from 'lucide-react';
import { useState } from 'react';
import { guide } from '#shared/copy/guide';
import { PATHS } from '#shared/paths';
import type { PublicUser } from '#shared/schemas/auth';
import type { StreakResponse } from '#shared/schemas/guide';
import { premiumBadge } from '#browser/guide-labels';
import { logout } from '#browser/stores/auth';
import { welcome } from '#browser/first-visit';
import UnreadAnswers from './questions/UnreadAnswers';

const t = guide;

/** The welcome (a first visit's, or 'Velkommen tilbake, {firstName}!'), the premium badge, the streak counter, XP, 'Min profil' and 'Logg ut'. */
export default function GuideHeader({ user, stats }: { user: PublicUser; stats: StreakResponse | undefined }) {
  const [leaving, setLeaving] = useState(false);
  const badge = premiumBadge(user, Date.now());

  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm font-semibold tracking-wider text-brand-800 uppercase">{t.eyebrow}</p>
        <h1 className="mt-1 text-2xl font-extrabold tracking-tight text-balance break-words sm:text-3xl">{welcome(user)}</h1>
        <ul className="mt-3 flex flex-wrap gap-2 text-sm font-semibold">
          {badge && (
            <li
              data-testid="premium-badge"
              className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1.5 text-amber-900"
            >
              <Crown className="size-4" aria-hidden="true" />
              {badge}
            </li>
          )}
          <li
            data-testid="streak"
            className="inline-flex items-center gap-1.5 rounded-full bg-orange-100 px-3 py-1.5 text-orange-900"
          >
            <Flame className="size-4" aria-hidden="true" />
            <span className="sr-only">{t.streakLabel}: </span>
            {stats ? t.streak(stats.currentStreak) : '…'}
          </li>
          <li className="inline-flex items-center gap-1.5 rounded-full bg-stone-200/70 px-3 py-1.5 text-stone-800">
            <Zap className="size-4" aria-hidden="true" />
            <span className="sr-only">{t.xpLabel}: </span>
            {stats ? t.xp(stats.xp) : '…'}
          </li>
          <UnreadAnswers />
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <a href={PATHS.notes} className="btn-secondary">
          <NotebookPen className="size-4" aria-hidden="true" />
          {t.notesLink}
        </a>
        <a href={PATHS.profile} className="btn-secondary">
          <UserRound className="size-4" aria-hidden="true" />
          {t.profileLink}
        </a>
        <button
          type="button"
          className="btn-secondary"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          <LogOut className="size-4" aria-hidden="true" />
          {t.logout}
        </button>
      </div>
    </header>
  );
}
