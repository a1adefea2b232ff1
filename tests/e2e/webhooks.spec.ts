import type { Page } from '@playwright/test';
import { startFakeWebhookReceiver } from '#support/fake-webhook-receiver';
import { expect, expectAccessible, test } from './fixtures';
import { signInAs } from './sessions';

/* The admin's webhooks out (docs/decisions/0053-webhooks-out.md): register, the secret shown once, switch off, delete. */

test.describe.configure({ timeout: 90_000 });

const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${page.viewportSize()!.width}.png`, fullPage: true });

test('an owner registers an endpoint, keeps its secret, switches it off and deletes it; a plain http address elsewhere is refused', async ({
  page,
  db,
}, testInfo) => {
  const receiver = await startFakeWebhookReceiver();
  try {
    await signInAs(page, db, `webhooks-${testInfo.project.name}@soloprenor.no`, 'owner');
    await page.goto('/admin/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    const form = page.getByRole('form', { name: 'Nytt endepunkt' });
    await form.getByLabel('Adresse (URL)').fill('http://hooks.example.com/soloprenor');
    await form.getByLabel(/Nytt medlem/).check();
    await form.getByRole('button', { name: 'Legg til endepunkt' }).click();
    await expect(form.getByText('Adressen må begynne med https://')).toBeVisible();

    // A receiver on this machine (plain http is allowed to localhost outside production).
    const url = `${receiver.url}/${testInfo.project.name}-${Date.now()}`;
    await form.getByLabel('Adresse (URL)').fill(url);
    await form.getByLabel(/Abonnement startet/).check();
    await form.getByRole('button', { name: 'Legg til endepunkt' }).click();

    const secret = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Hemmelig nøkkel' }) });
    await expect(secret.getByTestId('webhook-secret')).toHaveText(/^whsec_\S{20,}$/);
    await expectAccessible(page);
    await screenshot(page, 'webhooks-secret');
    await secret.getByRole('button', { name: 'Jeg har lagret nøkkelen' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    const endpoint = page.getByRole('listitem').filter({ hasText: url });
    await expect(endpoint).toContainText('På · Nytt medlem, Abonnement startet');
    await endpoint.getByRole('button', { name: 'Leveringer' }).click();
    await expect(endpoint.getByText('Ingen leveringer ennå.')).toBeVisible();
    await endpoint.getByRole('button', { name: 'Slå av' }).click();
    await expect(endpoint).toContainText('Av · Nytt medlem');
    await expectAccessible(page);
    await screenshot(page, 'webhooks-list');

    // «Slett» asks first; backing out keeps the endpoint, confirming removes it.
    await endpoint.getByRole('button', { name: 'Slett' }).click();
    const confirm = page.getByRole('dialog', { name: 'Slette endepunktet?' });
    await expect(confirm).toContainText(url);
    await expectAccessible(page);
    await screenshot(page, 'webhooks-delete');
    await confirm.getByRole('button', { name: 'Avbryt' }).click();
    await expect(confirm).toBeHidden();
    await expect(endpoint).toBeVisible();
    await endpoint.getByRole('button', { name: 'Slett' }).click();
    await confirm.getByRole('button', { name: 'Slett' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: url })).toHaveCount(0);
    await expect(page.getByText('Endepunktet er slettet')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
