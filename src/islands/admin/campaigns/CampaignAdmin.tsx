import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { adminCampaigns } from '#shared/copy/admin/campaigns';
import { PATHS } from '#shared/paths';
import type { Campaign, CampaignList } from '#shared/schemas/admin/campaigns';
import { api, call } from '#browser/api';
import { toast } from '#browser/stores/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loadable, useLoad } from '../../ui/Loadable';
import AdminFrame from '../AdminFrame';
import { AdminPageHeader } from '../AdminPageHeader';
import { CampaignCard } from './CampaignCard';
import { CampaignDialog } from './CampaignDialog';
import { CampaignPreview } from './CampaignPreview';
import { Counters } from './Counters';

const t = adminCampaigns;

/** /admin/campaigns ('Premium Kampanjer') inside the admin frame, which turns non-admins away. */
export default function CampaignAdmin() {
  return (
    <AdminFrame active="campaigns">
      <Campaigns />
    </AdminFrame>
  );
}

function Campaigns() {
  const { state, reload } = useLoad<CampaignList>(() => call(api.admin.campaigns.$get()), 'campaigns', t.loadFailed);
  // null: closed; { campaign: null }: a new one.
  const [editing, setEditing] = useState<{ campaign: Campaign | null } | null>(null);
  const [previewing, setPreviewing] = useState<Campaign | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);

  async function remove(campaign: Campaign) {
    await call(api.admin.campaigns[':id'].$delete({ param: { id: campaign.id } }));
    toast({ title: t.deleted, description: campaign.name });
    reload();
  }

  const create = () => setEditing({ campaign: null });
  return (
    <>
      <AdminPageHeader back={t.back} title={t.title} intro={t.intro} newLabel={t.newCampaign} onNew={create} />
      <Loadable load={state} loading={t.loading} retryLabel={t.back} onRetry={() => window.location.assign(PATHS.admin)}>
        {({ campaigns }) => (
          <>
            <Counters campaigns={campaigns} />
            {campaigns.length === 0 ? (
              <div className="card mt-6 flex flex-col items-center gap-3 py-10 text-center">
                <Megaphone aria-hidden="true" className="size-8 text-brand-700" />
                <h2 className="text-lg font-bold">{t.empty}</h2>
                <p className="text-muted">{t.emptyText}</p>
                <button type="button" className="btn-primary mt-2" onClick={create}>
                  <Plus aria-hidden="true" className="size-5" />
                  {t.createFirst}
                </button>
              </div>
            ) : (
              <ul aria-label={t.listLabel} className="mt-6 grid gap-4 xl:grid-cols-2">
                {campaigns.map((campaign) => (
                  <li key={campaign.id} className="min-w-0">
                    <CampaignCard
                      campaign={campaign}
                      onPreview={() => setPreviewing(campaign)}
                      onEdit={() => setEditing({ campaign })}
                      onDelete={() => setDeleting(campaign)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Loadable>
      {editing && (
        <CampaignDialog
          campaign={editing.campaign}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {previewing && <CampaignPreview campaign={previewing} onClose={() => setPreviewing(null)} />}
      <ConfirmDialog
        subject={deleting}
        title={t.deleteTitle}
        message={t.deleteConfirm}
        confirmLabel={t.delete}
        destructive
        failed={{ title: t.errorTitle, message: t.deleteFailed }}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
