import { $toast, dismissToast, type Toast } from '#browser/stores/toast';

const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const BASE = 'pointer-events-auto flex w-full max-w-sm touch-pan-y items-start gap-3 rounded-2xl border p-4 shadow-lg transition-transform';
const TONE = {
  default: { box: 'border-stone-200 bg-white text-ink', text: 'text-muted', close: 'hover:bg-stone-100' },
  destructive: { box: 'border-red-800 bg-red-700 text-white', text: 'text-red-50', close: 'hover:bg-red-800' },
} as const;

function render(toast: Toast): HTMLElement {
  const tone = TONE[toast.variant ?? 'default'];
  const box = document.createElement('div');
  box.dataset.testid = 'toast';
  box.className = `${BASE} ${tone.box}`;

  const body = document.createElement('div');
  body.className = 'min-w-0 flex-1';
  const title = document.createElement('p');
  title.className = 'font-semibold';
  title.textContent = toast.title;
  body.append(title);
  if (toast.description) {
    const text = document.createElement('p');
    text.className = `mt-1 text-sm ${tone.text}`;
    text.textContent = toast.description;
    body.append(text);
  }

  const close = document.createElement('button');
  close.type = 'button';
  close.className = `-m-1 rounded-lg p-2 text-lg leading-none ${tone.close}`;
  close.setAttribute('aria-label', 'Lukk varsel');
  close.innerHTML = '<span aria-hidden="true">×</span>';
  close.addEventListener('click', dismissToast);

  box.append(body, close);
  enableSwipe(box);
  return box;
}

/** Swiping a toast to the right past the threshold dismisses it; a shorter drag springs back. */
function enableSwipe(box: HTMLElement) {
  let start: number | null = null;
  let dx = 0;
  const move = (x: number) => (box.style.transform = x > 0 ? `translateX(${x}px)` : '');
  box.addEventListener('pointerdown', (e) => {
    start = e.clientX;
    dx = 0;
  });
  box.addEventListener('pointermove', (e) => {
    if (start === null) return;
    dx = e.clientX - start;
    move(dx);
  });
  box.addEventListener('pointerup', () => {
    if (start !== null && dx > SWIPE_THRESHOLD_PX) dismissToast();
    else move(0);
    start = null;
  });
  box.addEventListener('pointercancel', () => {
    start = null;
    move(0);
  });
}

/**
 * The page's toast viewport (see Toaster.astro): one toast at a time for 5 s, dismissible by
 * button or swipe right; F8 moves focus to it. Polite toasts go to the status region,
 * destructive ones to the alert region.
 */
export function mountToaster(viewport: HTMLElement) {
  const status = viewport.querySelector<HTMLElement>('[data-region=status]')!;
  const alert = viewport.querySelector<HTMLElement>('[data-region=alert]')!;
  let timer: number | undefined;

  window.addEventListener('keydown', (e) => {
    if (e.key === 'F8') {
      e.preventDefault();
      viewport.focus();
    }
  });

  $toast.subscribe((toast) => {
    window.clearTimeout(timer);
    status.replaceChildren();
    alert.replaceChildren();
    if (!toast) return;
    (toast.variant === 'destructive' ? alert : status).append(render(toast));
    timer = window.setTimeout(dismissToast, DURATION_MS);
  });
}
