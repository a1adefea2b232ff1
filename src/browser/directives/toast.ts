import type { ClientDirective } from 'astro';
import { nextPageToastWaiting, TOAST_REQUESTED } from '#browser/toast-requested';

/**
 * `client:toast="flag"`: hydrates the toaster when the first toast is asked for, or at once
 * when the address carries `?flag=true` or the previous page left a toast (logged out, say).
 */
const toastDirective: ClientDirective = (load, { value }) => {
  const hydrate = async () => (await load())();
  const flagged = value && new URLSearchParams(window.location.search).get(value) === 'true';
  if (flagged || nextPageToastWaiting()) void hydrate();
  else window.addEventListener(TOAST_REQUESTED, () => void hydrate(), { once: true });
};

export default toastDirective;
