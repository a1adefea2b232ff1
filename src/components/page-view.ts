/**
 * A public page's view for Innsikt's funnel (docs/decisions/0058-insights-and-exports.md): one
 * first-party event with nothing but the address's `utm_source` — sent without cookies, and with
 * no id, path or referrer. Bundled into an inline script at build time (`?inline-script`), so no
 * file is fetched for it. A lost view is only a count a little low: failures are ignored.
 */
import type { EventRequest } from '#shared/schemas/events';

const utmSource = new URLSearchParams(window.location.search).get('utm_source')?.trim().slice(0, 100);
const event: EventRequest = { eventName: 'page_view', ...(utmSource ? { eventProps: { utmSource } } : {}) };
fetch('/api/event', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(event),
  credentials: 'omit',
})
  // Read to its end, so the browser closes the request (a page whose answer is left unread counts as still loading).
  .then((res) => res.arrayBuffer())
  .catch(() => undefined);
