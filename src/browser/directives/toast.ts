import type { ClientDirective } from 'astro';
import { TOAST_REQUESTED } from '#browser/toast-requested';

/**
 * `client:toast="flag"`: hydrates the toaster when the first toast is asked for, or at once
 * when the address carries `?flag=true` (a toast the page shows on arrival).
 */
const toastDirective: ClientDirective = (load, { value }) => {
  const hydrate = async () => (await load())();
  if (value && new URLSearchParams(window.location.search).get(value) === 'true') void hydrate();
  else window.addEventListener(TOAST_REQUESTED, () => void hydrate(), { once: true });
};

export default toastDirective;
