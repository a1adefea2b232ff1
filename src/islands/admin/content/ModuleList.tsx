import { Pencil, Trash2 } from 'lucide-react';
import { nb } from '#shared/copy/nb';
import type { AdminModule } from '#shared/schemas/admin-content';
import { IconButton } from '../../ui/IconButton';
import { ModuleIcon, PremiumBadge } from './badges';

const t = nb.adminContent;

/** The modules by order; picking one shows it beside (or below, on a phone) the list. */
export function ModuleList({
  modules,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
}: {
  modules: AdminModule[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onEdit: (module: AdminModule) => void;
  onDelete: (module: AdminModule) => void;
}) {
  return (
    <section aria-labelledby="modules-title">
      <h2 id="modules-title" className="mb-3 text-lg font-bold">
        {t.modulesTitle}
      </h2>
      {modules.length === 0 ? (
        <p className="card text-muted">{t.noModules}</p>
      ) : (
        <ul className="space-y-2">
          {modules.map((m) => {
            const selected = m.id === selectedId;
            return (
              <li
                key={m.id}
                className={`flex items-center gap-1 rounded-2xl border bg-white p-2 shadow-sm ${selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200'}`}
              >
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(m.id)}
                  className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl p-1 text-left hover:bg-stone-50"
                >
                  <ModuleIcon module={m} />
                  <span className="min-w-0">
                    <span className="line-clamp-2 font-semibold break-words">{m.title}</span>
                    <span className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
                      <span>{t.orderBadge(m.order)}</span>
                      <span aria-hidden="true">·</span>
                      <span>{t.lessonCount(m.lessons.length)}</span>
                      {m.isPremium && <PremiumBadge />}
                    </span>
                  </span>
                </button>
                <IconButton label={t.editModuleLabel(m.title)} icon={Pencil} onClick={() => onEdit(m)} />
                <IconButton label={t.deleteModuleLabel(m.title)} icon={Trash2} onClick={() => onDelete(m)} danger />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
