/**
 * The landing's one script before the visitor scrolls: every call to action scrolls to the lead
 * form, puts the cursor in its e-mail input and records its analytics event. Bundled into an
 * inline script at build time (`?inline-script`, astro.config.mjs), so no file is fetched for it;
 * the islands (form, FAQ, sticky CTA, toasts) come later, when needed. Without it the links
 * still lead to #tilbud.
 */
import { trackEvent } from '#browser/analytics';
import type { EventRequest } from '#shared/schemas/events';

document.addEventListener('click', (e) => {
  const link = (e.target as Element | null)?.closest<HTMLElement>('[data-scroll-to-form]');
  const section = document.getElementById('tilbud');
  if (!link || !section) return;
  const track = link.dataset.track as EventRequest['eventName'] | undefined;
  if (track) trackEvent({ eventName: track });
  e.preventDefault();
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // The e-mail input itself, centred: on a phone the offer's prices and boxes put it below the section's first screen.
  const input = document.getElementById('lead-email');
  (input ?? section).scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: input ? 'center' : 'start' });
  input?.focus({ preventScroll: true });
  history.replaceState(history.state, '', '#tilbud');
});
