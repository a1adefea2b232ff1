/**
 * The landing page's behaviour without React: the sticky phone CTA, scroll-to-form buttons
 * and analytics clicks (the header's own behaviour is in SiteHeader.astro). The page works without it.
 */
import { trackEvent } from '#browser/analytics';
import { leadForm } from '#shared/copy/landing';
import type { EventRequest } from '#shared/schemas/events';
import { toast } from '#browser/stores/toast';

const STICKY_CTA_FRACTION = 0.25;

const sticky = document.getElementById('sticky-cta');

function onScroll() {
  if (!sticky) return;
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  const visible = scrollable > 0 && window.scrollY / scrollable >= STICKY_CTA_FRACTION;
  sticky.setAttribute('data-visible', String(visible));
  sticky.inert = !visible;
}
window.addEventListener('scroll', onScroll, { passive: true });
onScroll();

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

document.addEventListener('click', (e) => {
  const link = (e.target as Element | null)?.closest<HTMLElement>('[data-scroll-to-form]');
  if (!link) return;
  const track = link.dataset.track as EventRequest['eventName'] | undefined;
  if (track) trackEvent({ eventName: track });
  const section = document.getElementById('tilbud');
  if (!section) return;
  e.preventDefault();
  section.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  document.getElementById('lead-email')?.focus({ preventScroll: true });
  history.replaceState(null, '', '#tilbud');
});

for (const item of document.querySelectorAll<HTMLDetailsElement>('details[data-faq]')) {
  item.addEventListener('toggle', () => {
    if (!item.open) return;
    const question = item.querySelector('[data-question]')?.textContent?.trim() ?? '';
    trackEvent({ eventName: 'faq_open', eventProps: { question } });
  });
}

// Arriving from the e-mail confirmation: say so once, then drop the flag from the address.
const url = new URL(window.location.href);
if (url.searchParams.get('confirmed') === 'true') {
  toast({ title: leadForm.confirmedTitle, description: leadForm.confirmedText });
  url.searchParams.delete('confirmed');
  history.replaceState(null, '', url.pathname + url.search + url.hash);
}
