import type { EventRequest } from '#shared/schemas/events';

/** First-party analytics: fire and forget; a failure is only logged. */
export function trackEvent(event: EventRequest): void {
  fetch('/api/event', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(event),
    credentials: 'same-origin',
    keepalive: true,
  })
    .then((res) => {
      if (!res.ok) console.error(`Analytics event ${event.eventName} failed: ${res.status}`);
    })
    .catch((err) => console.error('Analytics event failed', err));
}
