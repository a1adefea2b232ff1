import { Pencil } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { adminContent } from '#shared/copy/admin/content';
import type { AdminModule } from '#shared/schemas/admin/content';
import { Tabs } from '../../ui/Tabs';
import { ModuleIcon, PremiumBadge } from './badges';
import { LessonsTab } from './LessonsTab';
import { SettingsTab } from './SettingsTab';
import { StatsTab } from './StatsTab';

const t = adminContent;
type Tab = keyof typeof t.tabs;
const TABS = (Object.keys(t.tabs) as Tab[]).map((id) => ({ id, label: t.tabs[id] }));

/** The selected module: its heading, then the tabs Leksjoner, Innstillinger and Statistikk. */
export function ModuleDetail({
  module,
  headingRef,
  onEdit,
}: {
  module: AdminModule;
  headingRef: RefObject<HTMLHeadingElement>;
  onEdit: () => void;
}) {
  const [tab, setTab] = useState<Tab>('lessons');
  return (
    <section aria-labelledby="module-detail-title" className="card min-w-0 p-4 sm:p-6">
      <header className="mb-5 flex flex-wrap items-start gap-4">
        <ModuleIcon module={module} large />
        <div className="min-w-0 flex-1 basis-52">
          <h2 id="module-detail-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none sm:text-2xl">
            {module.title}
          </h2>
          {module.description && <p className="mt-1 text-muted">{module.description}</p>}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <span>{t.orderBadge(module.order)}</span>
            <code className="rounded bg-stone-100 px-1.5 py-0.5">{module.id}</code>
            {module.isPremium && <PremiumBadge />}
          </p>
        </div>
        <button type="button" className="btn-secondary max-sm:w-full" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          {t.editModuleTitle}
        </button>
      </header>
      <Tabs label={module.title} tabs={TABS} active={tab} onChange={setTab}>
        {tab === 'lessons' && <LessonsTab module={module} />}
        {tab === 'settings' && <SettingsTab key={module.id} module={module} />}
        {tab === 'stats' && <StatsTab stats={module.stats} />}
      </Tabs>
    </section>
  );
}
