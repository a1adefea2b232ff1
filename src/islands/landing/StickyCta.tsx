import { useEffect, useState } from 'react';
import { stickyCta } from '#shared/copy/landing';

/** Shown from this fraction of the page's scrollable height. */
const SHOW_FROM = 0.25;

/** Out of reach while hidden; React 18 writes `inert` only as a string (`inert=""`), never for a boolean. */
const INERT = { inert: '' };

function scrolledFarEnough(): boolean {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable > 0 && window.scrollY / scrollable >= SHOW_FROM;
}

/**
 * The phone's bottom bar that leads to the lead form once a quarter of the page is read. Its
 * link scrolls like every other call to action (landing.ts); hidden, it is out of the tab order.
 */
export default function StickyCta() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(scrolledFarEnough());
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div
      id="sticky-cta"
      data-visible={visible}
      {...(visible ? {} : INERT)}
      className="fixed inset-x-0 bottom-0 z-30 translate-y-full border-t border-stone-200 bg-white p-3 transition-transform data-[visible=true]:translate-y-0 md:hidden"
    >
      <a href="#tilbud" data-scroll-to-form className="btn-primary w-full">
        {stickyCta}
      </a>
    </div>
  );
}
