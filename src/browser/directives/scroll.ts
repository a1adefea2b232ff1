import type { ClientDirective } from 'astro';

/** `client:scroll`: hydrates on the visitor's first scroll, or at once when the page opens scrolled. */
const scrollDirective: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  if (window.scrollY > 0) void hydrate();
  else window.addEventListener('scroll', () => void hydrate(), { once: true, passive: true });
};

export default scrollDirective;
