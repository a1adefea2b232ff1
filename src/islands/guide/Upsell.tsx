import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import type { Upsell } from '#shared/schemas/premium';
import { $upsell } from '#browser/stores/upsell';
import type { Props } from './UpsellViews';

/** The active campaign for this user's guide, once loaded; null for Premium users and admins, or without a campaign. */
export function useUpsell(): Upsell | null {
  return useStore($upsell).data?.upsell ?? null;
}

// Fetched the first time one is rendered, i.e. only when there is a campaign to show.
const views = () => import('./UpsellViews');
const Modal = lazy(() => views().then((m) => ({ default: m.UpsellModal })));
const Sidebar = lazy(() => views().then((m) => ({ default: m.UpsellSidebar })));
const Page = lazy(() => views().then((m) => ({ default: m.UpsellPage })));

/** A modal campaign: a dialog when the server says it is due (once a day, or after the first finished free module). */
export function UpsellModal({ upsell }: { upsell: Upsell | null }) {
  if (!upsell || upsell.campaign.displayType !== 'modal' || !upsell.showModal) return null;
  return (
    <Suspense fallback={null}>
      <Modal upsell={upsell} />
    </Suspense>
  );
}

/** A sidebar campaign: a panel beside the overview or the lesson (below the content on a phone). */
export function UpsellSidebar(props: Props) {
  return (
    <Suspense fallback={null}>
      <Sidebar {...props} />
    </Suspense>
  );
}

/** A full-page campaign: the whole width of the overview, its call to action leading to /premium. */
export function UpsellPage(props: Props) {
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
}
