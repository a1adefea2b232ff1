import { Flame, Footprints, Lock, Trophy, Zap } from 'lucide-react';
import { gamification, guide } from '#shared/copy/guide';
import { ACHIEVEMENT_ORDER, ACHIEVEMENTS, XP_RULES, type AchievementId } from '#shared/gamification';
import type { StreakResponse } from '#shared/schemas/guide';

const t = gamification;
const ICONS: Record<AchievementId, typeof Trophy> = { 'first-step': Footprints, 'streak-7': Flame, 'module-master': Trophy };
const DATE = new Intl.DateTimeFormat('nb-NO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Oslo' });

/** The user's XP, longest streak and the three achievements, with how XP is earned. */
export default function Achievements({ stats }: { stats: StreakResponse | undefined }) {
  const unlocked = new Map(stats?.achievements.map((a) => [a.id, a.unlockedAt]));
  return (
    <aside aria-labelledby="achievements-title" className="card space-y-5">
      <div>
        <h2 id="achievements-title" className="text-xl font-bold">
          {t.title}
        </h2>
        <p className="mt-1 text-sm text-muted">{t.intro}</p>
      </div>

      <div className="flex items-center gap-3 rounded-2xl bg-brand-50 p-4">
        <Zap className="size-8 shrink-0 text-brand-700" aria-hidden="true" />
        <div>
          <p className="text-2xl font-extrabold tabular-nums">{guide.xp(stats?.xp ?? 0)}</p>
          <p className="text-sm text-muted">{guide.longestStreak(stats?.longestStreak ?? 0)}</p>
        </div>
      </div>

      <ul className="space-y-3">
        {ACHIEVEMENT_ORDER.map((id) => {
          const a = ACHIEVEMENTS[id];
          const at = unlocked.get(id);
          const Icon = at ? ICONS[id] : Lock;
          return (
            <li key={id} data-testid="achievement" data-unlocked={at ? 'true' : 'false'} className="flex items-start gap-3">
              <span
                aria-hidden="true"
                className={`grid size-10 shrink-0 place-items-center rounded-full ${at ? 'bg-amber-100 text-amber-700' : 'bg-stone-100 text-stone-500'}`}
              >
                <Icon className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline justify-between gap-x-2 font-semibold">
                  {a.title}
                  <span className="text-sm font-semibold text-brand-800 tabular-nums">+{a.points} XP</span>
                </p>
                <p className="text-sm text-muted">{a.description}</p>
                <p className={`mt-0.5 text-xs font-medium ${at ? 'text-emerald-800' : 'text-muted'}`}>
                  {at ? t.unlocked(DATE.format(new Date(at))) : t.notYet}
                </p>
              </div>
            </li>
          );
        })}
      </ul>

      <div className="border-t border-stone-200 pt-4">
        <h3 className="text-sm font-bold">{t.rulesTitle}</h3>
        <ul className="mt-2 space-y-1 text-sm text-muted">
          {XP_RULES.map((r) => (
            <li key={r.kind} className="flex justify-between gap-3">
              <span>{r.label}</span>
              <span className="font-semibold text-ink tabular-nums">+{r.points} XP</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
