import type { UpsellEvent, UpsellResponse } from '#shared/schemas/premium';
import { api, call } from '#browser/api';
import { createFetcherStore } from './query';

/**
 * The campaign the guide shows a free user (null for Premium users and admins: the server
 * decides). Read once per page; the modal's once-a-day rule lives on the server.
 */
export const $upsell = createFetcherStore<UpsellResponse>(['premium/upsell'], {
  fetcher: () => call(api.premium.upsell.$get()),
});

/**
 * Records that the campaign was shown or clicked: fire and forget (a click leaves the page,
 * so the request is kept alive), and a failure is only logged, as for analytics.
 */
export function recordUpsell(event: UpsellEvent): void {
  call(api.premium.upsell.events.$post({ json: event }, { init: { keepalive: true } })).catch((err) =>
    console.error(`Upsell event ${event.kind} failed`, err),
  );
}
