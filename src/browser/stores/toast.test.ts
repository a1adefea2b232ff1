import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserGlobals } from '#support/browser-globals';
import { TOAST_REQUESTED } from '#browser/toast-requested';

browserGlobals();
afterEach(() => sessionStorage.clear());

/** The toast store as a page loads it. */
async function page() {
  vi.resetModules();
  return import('./toast');
}

describe('the toast store', () => {
  it('shows one toast at a time and wakes a toaster that is not hydrated yet', async () => {
    const { $toast, toast, dismissToast } = await page();
    const woken = vi.fn();
    window.addEventListener(TOAST_REQUESTED, woken);
    toast({ title: 'Lagret' });
    toast({ title: 'Sendt', variant: 'destructive' });
    expect($toast.get()).toMatchObject({ title: 'Sendt', variant: 'destructive' });
    expect(woken).toHaveBeenCalledTimes(2);
    dismissToast();
    expect($toast.get()).toBeNull();
  });

  it('shows a toast across a navigation once, on the next page only', async () => {
    (await page()).toastAcrossNavigation({ title: 'Logget ut', description: 'Du har blitt logget ut' });
    expect((await page()).$toast.get()).toMatchObject({ title: 'Logget ut', description: 'Du har blitt logget ut' });
    expect((await page()).$toast.get()).toBeNull();
  });
});
