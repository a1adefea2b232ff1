import { Pencil, Trash2 } from 'lucide-react';
import { adminContent } from '#shared/copy/admin/content';
import type { AdminModule } from '#shared/schemas/admin/content';
import { api, call } from '#browser/api';
import { IconButton } from '../../ui/IconButton';
import { ModuleIcon, PremiumBadge, PublicationBadge } from './badges';
import { DragHandle, MoveButtons, ReorderAnnouncer, useReorder } from './Reorder';

const t = adminContent;

const saveOrder = (ids: string[]) => call(api.admin.content.order.$put({ json: { modules: ids } }));

/** The modules by order (drag a row or use its arrows to reorder); picking one shows it beside (or below, on a phone) the list. */
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
  const reorder = useReorder(modules, saveOrder);
  return (
    <section aria-labelledby="modules-title" aria-describedby="modules-reorder-hint">
      <h2 id="modules-title" className="mb-1 text-lg font-bold">
        {t.modulesTitle}
      </h2>
      <p id="modules-reorder-hint" className="mb-3 text-sm text-muted">
        {t.reorderHint}
      </p>
      <ReorderAnnouncer text={reorder.announcement} />
      {modules.length === 0 ? (
        <p className="card text-muted">{t.noModules}</p>
      ) : (
        <ul className="space-y-2">
          {reorder.ordered.map((m, index) => {
            const selected = m.id === selectedId;
            return (
              <li
                key={m.id}
                {...reorder.dragProps(m)}
                className={`flex flex-wrap items-center gap-1 rounded-2xl border bg-white p-2 shadow-sm ${selected ? 'border-brand-600 ring-1 ring-brand-600' : 'border-stone-200'} ${reorder.dragging === m.id ? 'opacity-50' : ''}`}
              >
                <DragHandle />
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
                      <PublicationBadge row={m} />
                    </span>
                  </span>
                </button>
                <MoveButtons title={m.title} index={index} count={modules.length} onMove={(delta) => reorder.move(m, delta)} />
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
