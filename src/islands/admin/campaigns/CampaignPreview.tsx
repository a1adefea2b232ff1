import { adminCampaigns } from '#shared/copy/admin/campaigns';
import type { Campaign } from '#shared/schemas/admin/campaigns';
import { dialog } from '#shared/copy/ui';
import { Dialog } from '../../ui/Dialog';
import { CampaignOffer, type OfferLayout } from '../../premium/campaign/CampaignOffer';

const t = adminCampaigns;
const SHAPES = {
  modal: { size: 'md', layout: 'card' },
  fullpage: { size: 'lg', layout: 'page' },
  sidebar: { size: 'sm', layout: 'panel' },
} as const satisfies Record<Campaign['displayType'], { size: string; layout: OfferLayout }>;

/** The campaign as a user meets it (the guide's own CampaignOffer), in the shape of its display type. */
export function CampaignPreview({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const shape = SHAPES[campaign.displayType];
  return (
    <Dialog
      open
      size={shape.size}
      title={t.previewTitle(campaign.name)}
      description={t.previewIntro(t.displayTypes[campaign.displayType])}
      onClose={onClose}
      footer={
        <button type="button" className="btn-secondary" onClick={onClose}>
          {dialog.close}
        </button>
      }
    >
      <div className="overflow-hidden rounded-2xl border border-stone-200" data-testid="campaign-preview">
        <CampaignOffer campaign={campaign} layout={shape.layout} heading={{ level: 3 }} />
      </div>
    </Dialog>
  );
}
