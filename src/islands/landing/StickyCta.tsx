import { useEffect, useState } from 'react';
import { stickyCta } from '#shared/copy/landing';

/** Shown from this fraction of the page's scrollable height. */
const SHOW_FROM = 0.25;

/** What the bar leads to, or repeats: while either is on screen, the bar would only cover it. */
const COVERED = ['hero-cta', 'lead-form'];

/** Out of reach while hidden; React 18 writes `inert` only as a string (`inert=""`), never for a boolean. */
const INERT = { inert: '' };

function scrolledFarEnough(): boolean {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable > 0 && window.scrollY / scrollable >= SHOW_FROM;
}

/**
 * The bottom bar that leads to the lead form once a quarter of the page is read, on a phone and
 * on a wide screen — hidden while the hero's call to action or the form itself is in view
 * (IntersectionObserver), so it never covers what it points to. Its link scrolls like every
 * other call to action (landing.ts); hidden, it is out of the tab order.
 */
export default function StickyCta() {
  const [scrolled, setScrolled] = useState(false);
  const [coveredInView, setCoveredInView] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(scrolledFarEnough());
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const targets = COVERED.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    const inView = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) inView.add(entry.target);
        else inView.delete(entry.target);
      }
      setCoveredInView(inView.size > 0);
    });
    targets.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, []);

  const visible = scrolled && !coveredInView;
  return (
    <div
      id="sticky-cta"
      data-visible={visible}
      {...(visible ? {} : INERT)}
      className="fixed inset-x-0 bottom-0 z-30 translate-y-full border-t border-stone-200 bg-white p-3 transition-transform data-[visible=true]:translate-y-0"
    >
      <a href="#tilbud" data-scroll-to-form className="btn-primary mx-auto w-full md:flex md:max-w-md">
        {stickyCta}
      </a>
    </div>
  );
}
