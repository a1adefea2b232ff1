/**
 * The landing page's behaviour without React: header opacity, the sticky phone CTA,
 * scroll-to-form buttons and analytics clicks. The page works without it.
 */
import { trackEvent } from '../../islands/analytics';
import type { EventRequest } from '../../shared/schemas/lead';

const HEADER_SCROLL_PX = 10;
const STICKY_CTA_FRACTION = 0.25;

const header = document.getElementById('site-header');
const sticky = document.getElementById('sticky-cta');

function onScroll() {
  const y = window.scrollY;
  header?.setAttribute('data-scrolled', String(y > HEADER_SCROLL_PX));
  if (sticky) {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    const visible = scrollable > 0 && y / scrollable >= STICKY_CTA_FRACTION;
    sticky.setAttribute('data-visible', String(visible));
    sticky.inert = !visible;
  }
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
