import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAs } from './sessions';

/**
 * Each API call a page needs is made once: a second identical read on load is a round trip on
 * a phone's network for nothing (docs/decisions/0045-speed.md). Counts the page's own calls to
 * /api/… by method and path, from the first request until the page has settled.
 */
function apiCalls(page: Page) {
  const calls = new Map<string, number>();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/')) return;
    const key = `${req.method()} ${url.pathname}`;
    calls.set(key, (calls.get(key) ?? 0) + 1);
  });
  return calls;
}

/** A signed-in page hydrates ~40 modules first: on a busy 2-core machine that can take longer than the default 7 s. */
const SETTLE = { timeout: 30_000 };

test.describe('API calls on load', () => {
  test('/guide records the visit once and takes the streak from its answer: one call to /api/guide/streak', async ({
    page,
    db,
    email,
  }) => {
    await signInAs(page, db, email);
    const calls = apiCalls(page);
    await page.goto('/guide');
    await expect(page.getByTestId('streak')).toContainText('1 dag på rad', SETTLE);
    await page.waitForLoadState('networkidle');
    expect(calls.get('POST /api/guide/streak')).toBe(1);
    expect(calls.get('GET /api/guide/streak')).toBeUndefined();
    for (const [call, count] of calls) expect(count, call).toBe(1);
  });

  test('a lesson page makes each of its calls once', async ({ page, db, email }) => {
    await signInAs(page, db, email);
    const calls = apiCalls(page);
    await page.goto('/guide/lessons/mindset');
    await expect(page.getByRole('heading', { level: 1, name: 'Soloprenør-tankesettet' })).toBeVisible(SETTLE);
    await page.waitForLoadState('networkidle');
    expect(calls.size).toBeGreaterThan(0);
    for (const [call, count] of calls) expect(count, call).toBe(1);
  });
});
