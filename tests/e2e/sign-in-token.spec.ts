import type { Request } from '@playwright/test';

import { expect, test } from './fixtures';
import { AUTH } from './critical';

test.describe('the sign-in token in the e-mail link', { tag: AUTH }, () => {
  test('leaves the address before any other script on /guide/auth runs', async ({ page, email, mailTo }) => {
    expect((await page.request.post('/api/auth/magic-link', { data: { email } })).ok()).toBe(true);
    const { link } = await mailTo(email);
    expect(link).toContain('token=');

    // Every script the page loads, and every call a script makes, names the page's address as
    // Referer — the address any script (an analytics one too) would see and send on.
    // Headers are read while the page is still open: a request that starts during teardown
    // would otherwise be read after the test ended.
    const scriptRequests: Request[] = [];
    page.on('request', (request) => {
      if (['script', 'fetch', 'xhr'].includes(request.resourceType())) scriptRequests.push(request);
    });
    await page.goto(link!);
    // Signed in and on the guide: the verify island found the token where the head script put it.
    await expect(page).toHaveURL(/\/guide$/, { timeout: 15_000 });
    const referers = await Promise.all(scriptRequests.map((request) => request.headerValue('referer')));
    const seenByScripts = referers.filter((referer): referer is string => !!referer?.includes('/guide/auth'));

    expect(seenByScripts.length).toBeGreaterThan(0);
    for (const address of seenByScripts) expect(address).not.toContain('token');
  });
});
