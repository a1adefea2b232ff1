import { Award, Zap } from 'lucide-react';
import { adminGamification } from '#shared/copy/admin/dashboard';
import { ACHIEVEMENT_ORDER, ACHIEVEMENTS, XP_RULES } from '#shared/gamification';
import { SectionHeader } from '../SectionHeader';

const t = adminGamification;
type Item = { id: string; title: string; xp: number; description?: string };
const PANELS: { id: string; title: string; icon: typeof Zap; items: Item[] }[] = [
  { id: 'xp-rules', title: t.rulesTitle, icon: Zap, items: XP_RULES.map((r) => ({ id: r.kind, title: r.label, xp: r.points })) },
  {
    id: 'achievements',
    title: t.achievementsTitle,
    icon: Award,
    items: ACHIEVEMENT_ORDER.map((id) => ({
      id,
      title: ACHIEVEMENTS[id].title,
      xp: ACHIEVEMENTS[id].points,
      description: ACHIEVEMENTS[id].description,
    })),
  },
];

/** The XP rules and achievements the guide awards (from the one shared list). */
export default function Gamification() {
  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <div className="grid gap-6 xl:grid-cols-2">
        {PANELS.map(({ id, title, icon: Icon, items }) => (
          <section key={id} aria-labelledby={id} className="card">
            <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-bold">
              <Icon aria-hidden="true" className="size-5 text-brand-700" />
              {title}
            </h2>
            <List items={items} />
          </section>
        ))}
      </div>
    </>
  );
}

function List({ items }: { items: Item[] }) {
  return (
    <ul className="divide-y divide-stone-200">
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-4 py-3">
          <div>
            <p className="font-semibold">{item.title}</p>
            {item.description && <p className="text-sm text-muted">{item.description}</p>}
          </div>
          <span className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-bold text-brand-800">{t.xp(item.xp)}</span>
        </li>
      ))}
    </ul>
  );
}
