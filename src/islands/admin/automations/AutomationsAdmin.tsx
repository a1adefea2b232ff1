import { useState } from 'react';
import type { Automation, AutomationList } from '#shared/schemas/admin/automations';
import { adminAutomations } from '#shared/copy/admin/automations';
import { api, call } from '#browser/api';
import { Loadable, useLoad } from '../../ui/Loadable';
import AdminFrame from '../AdminFrame';
import { SectionHeader } from '../SectionHeader';
import { AutomationCard } from './AutomationCard';
import { AutomationDialog } from './AutomationDialog';

const t = adminAutomations;

/** /admin/automatiseringer ('Automatiseringer') inside the admin frame, which turns non-admins away. */
export default function AutomationsAdmin() {
  return (
    <AdminFrame active="automations">
      <Automations />
    </AdminFrame>
  );
}

function Automations() {
  const { state, reload } = useLoad<AutomationList>(() => call(api.admin.automations.$get()), 'automations', t.loadFailed);
  const [editing, setEditing] = useState<Automation | null>(null);
  return (
    <>
      <SectionHeader title={t.title} intro={t.intro} />
      <Loadable load={state} loading={t.loading} retryLabel={t.retry} onRetry={reload}>
        {({ automations }) => (
          <ul aria-label={t.title} className="space-y-4">
            {automations.map((a) => (
              <AutomationCard key={a.kind} automation={a} onEdit={() => setEditing(a)} onChanged={reload} />
            ))}
          </ul>
        )}
      </Loadable>
      {editing && (
        <AutomationDialog
          automation={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
    </>
  );
}
