/*
 * The guide's campaign views, in a chunk of their own: ./Upsell.tsx loads it only when the server
 * names a campaign for this user, so a guide without one never downloads the offer's code.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { campaign as campaignCopy } from '#shared/copy/premium/campaign';
import { PATHS } from '#shared/paths';
import type { Upsell } from '#shared/schemas/premium';
import { recordUpsell } from '#browser/stores/upsell';
import { CampaignOffer } from '../premium/campaign/CampaignOffer';
import { Dialog } from '../ui/Dialog';

const t = campaignCopy.upsell;

type Placement = Upsell['campaign']['displayType'];

/**
 * Where the guide shows a campaign: on the overview (`congratulate` — the first finished free
 * module is answered there) or beside a lesson.
 */
export type Props = { upsell: Upsell; congratulate?: boolean };

/** The campaign as the guide shows it, recording that it was shown (once per mount) and any click on its call to action. */
function Offer({
  upsell,
  placement,
  congratulate,
  headingId,
  children,
}: Props & { placement: Placement; headingId: string; children?: ReactNode }) {
  const { campaign, firstModuleDone, spotsLeft } = upsell;
  const firstModule = Boolean(congratulate && firstModuleDone);
  const campaignId = campaign.id;
  const reason = firstModule ? 'first_module' : 'visit';

  // Once for what is on screen: a re-render of the same offer is not a new showing.
  useEffect(() => recordUpsell({ campaignId, placement, reason, kind: 'shown' }), [campaignId, placement, reason]);

  return (
    <CampaignOffer
      campaign={campaign}
      layout={placement === 'sidebar' ? 'panel' : placement === 'fullpage' ? 'page' : 'card'}
      heading={{ level: 2, id: headingId }}
      spotsLeft={spotsLeft}
      intro={firstModule ? t.firstModuleDone : undefined}
      cta={{ href: PATHS.premium, onClick: () => recordUpsell({ campaignId, placement, reason, kind: 'clicked' }) }}
      inDialog={placement === 'modal'}
    >
      {children}
    </CampaignOffer>
  );
}

/** A modal campaign: a dialog when the server says it is due (once a day, or after the first finished free module). */
export function UpsellModal({ upsell }: { upsell: Upsell | null }) {
  const headingId = useId();
  const [dismissed, setDismissed] = useState(false);
  if (!upsell || upsell.campaign.displayType !== 'modal' || !upsell.showModal) return null;
  const close = () => setDismissed(true);
  return (
    <Dialog open={!dismissed} onClose={close} labelledBy={headingId} closeLabel={t.close}>
      <Offer upsell={upsell} placement="modal" congratulate headingId={headingId}>
        <button type="button" className="btn-secondary w-full" onClick={close}>
          {t.notNow}
        </button>
      </Offer>
    </Dialog>
  );
}

/** A sidebar campaign: a panel beside the overview or the lesson (below the content on a phone). */
export function UpsellSidebar({ upsell, congratulate = false }: Props) {
  const headingId = useId();
  return (
    <aside
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-stone-200 shadow-sm"
      data-testid="upsell-sidebar"
    >
      <Offer upsell={upsell} placement="sidebar" congratulate={congratulate} headingId={headingId} />
    </aside>
  );
}

/** A full-page campaign: the whole width of the overview, its call to action leading to /premium. */
export function UpsellPage({ upsell }: { upsell: Upsell }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-3xl border border-stone-200 shadow-sm"
      data-testid="upsell-fullpage"
    >
      <Offer upsell={upsell} placement="fullpage" congratulate headingId={headingId} />
    </section>
  );
}
