import { useStore } from '@nanostores/react';
import { Eye, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import { PATHS } from '#shared/paths';
import type { AdminModule } from '#shared/schemas/admin/content';
import { api, call } from '#browser/api';
import { $adminModules } from '#browser/stores/admin/content';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loadable, type Load } from '../../ui/Loadable';
import { SectionHeader } from '../SectionHeader';
import { ModuleDetail } from './ModuleDetail';
import { ModuleDialog } from './ModuleDialog';
import { ModuleList } from './ModuleList';

const t = adminContent;

/** Innhold: modules by order on the left, the selected module's lessons, settings and statistics on the right. */
export default function ContentManager() {
  const { data, error } = useStore($adminModules);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ module: AdminModule | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminModule | null>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef(false);

  const modules = data?.modules;
  const selected = modules?.find((m) => m.id === selectedId) ?? modules?.[0] ?? null;
  const load: Load<AdminModule[]> = modules
    ? { status: 'ready', data: modules }
    : error
      ? { status: 'error', message: t.loadFailed }
      : { status: 'loading' };

  // After the admin picks a module (not on the first load), take them to it: on a phone it is below the list.
  // A module just created shows up with the next refresh of the list; focus waits for it.
  const shownId = selected?.id;
  useEffect(() => {
    if (!moveFocus.current || shownId !== selectedId) return;
    moveFocus.current = false;
    detailHeading.current?.focus();
  }, [selectedId, shownId]);

  function select(id: string) {
    moveFocus.current = true;
    setSelectedId(id);
  }

  async function remove(module: AdminModule) {
    await call(api.admin.content.modules[':id'].$delete({ param: { id: module.id } }));
    toast({ title: t.moduleDeleted, description: module.title });
    if (selectedId === module.id) setSelectedId(null);
    $adminModules.revalidate();
  }

  return (
    <>
      <SectionHeader
        title={t.title}
        intro={t.intro}
        actions={
          <div className="flex flex-wrap gap-2">
            <a
              href={`${PATHS.guide}?preview=user`}
              target="_blank"
              rel="noopener"
              className="btn-secondary"
              title={t.previewAsUserHint}
            >
              <Eye aria-hidden="true" className="size-5" />
              {t.previewAsUser}
              <span className="sr-only"> ({t.previewAsUserHint})</span>
            </a>
            <button type="button" className="btn-primary" onClick={() => setEditing({ module: null })}>
              <Plus aria-hidden="true" className="size-5" />
              {t.newModule}
            </button>
          </div>
        }
      />
      <Loadable load={load} loading={t.loading} retryLabel={t.retry} onRetry={() => $adminModules.revalidate()}>
        {(list) => (
          <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] xl:grid-cols-[21rem_minmax(0,1fr)]">
            <ModuleList
              modules={list}
              selectedId={selected?.id ?? null}
              onSelect={select}
              onEdit={(module) => setEditing({ module })}
              onDelete={setDeleting}
            />
            {selected ? (
              <ModuleDetail module={selected} headingRef={detailHeading} onEdit={() => setEditing({ module: selected })} />
            ) : (
              <p className="card text-muted">{t.noModules}</p>
            )}
          </div>
        )}
      </Loadable>
      {editing && modules && (
        <ModuleDialog
          module={editing.module}
          modules={modules}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            select(id);
          }}
        />
      )}
      <ConfirmDialog
        subject={deleting}
        title={t.deleteModuleTitle}
        message={(module) =>
          t.deleteModuleText(module.title, module.lessons.length) +
          (module.learners > 0 ? t.deleteModuleProgress(module.learners) : '')
        }
        confirmLabel={t.delete}
        destructive
        failed={{ title: t.deleteFailedTitle, message: t.moduleDeleteFailed }}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
