import type { Page } from '@playwright/test';

/** Scrolls the page to the bottom a screen at a time, so islands and lazy content come in view. */
export async function scrollThrough(page: Page) {
  // A string, not a function: tsx's name-keeping helpers don't exist in the page.
  await page.evaluate(`(async () => {
    const wait = (t) => new Promise((r) => setTimeout(r, t));
    const step = Math.max(200, Math.round(innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      scrollTo({ top: y, behavior: 'instant' });
      await wait(120);
    }
    scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await wait(300);
  })()`);
}

/** Lets the page finish what it starts on its own: network quiet, then idle callbacks and timers. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  await page.waitForLoadState('networkidle');
}
