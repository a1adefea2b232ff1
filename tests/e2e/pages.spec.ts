import { E2E } from './env';
import { expect, expectNoA11yViolations, test } from './fixtures';

const UPDATED = 'Sist oppdatert: 3. februar 2025';

test.describe('legal pages', () => {
  test('/personvern: the privacy statement', async ({ page }) => {
    const res = await page.goto('/personvern');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Personvernerklæring/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Personvernerklæring');
    await expect(main.getByText(UPDATED)).toBeVisible();

    // Controller, what is collected, who it is shared with, how long, rights and complaints.
    await expect(main).toContainText('Soloprenør AS');
    await expect(main).toContainText('E-postadresse');
    await expect(main).toContainText('Fornavn');
    await expect(main).toContainText('Samtykke til markedsføring');
    await expect(main).toContainText('2 år');
    await expect(main).toContainText('Datatilsynet');
    await expect(main.getByRole('link', { name: 'hei@soloprenor.no' }).first()).toHaveAttribute(
      'href',
      'mailto:hei@soloprenor.no',
    );
    await expectNoA11yViolations(page);
  });

  test('/personvern: the table of contents leads to its sections', async ({ page }) => {
    await page.goto('/personvern');
    const toc = page.getByRole('navigation', { name: 'Innhold' });
    const links = toc.getByRole('link');
    expect(await links.count()).toBeGreaterThan(3);
    const last = links.last();
    const name = (await last.textContent())!.trim();
    await last.click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeInViewport();
  });

  test('/vilkar: the terms with the upgrade prices and the guarantee', async ({ page }) => {
    const res = await page.goto('/vilkar');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Vilkår for bruk/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Vilkår for bruk');
    await expect(main.getByText(UPDATED)).toBeVisible();

    await expect(main).toContainText('1995 kr');
    await expect(main).toContainText('399 kr');
    await expect(main).toContainText('30 dager');
    // The old 990 NOK price conflicted with the upgrade page and is gone.
    expect(await main.innerText()).not.toMatch(/(?<!\d)990(?!\d)/);
    await expect(main).toContainText('18 år');
    await expect(main).toContainText('7 dager');
    await expect(main).toContainText('Bergen tingrett');
    await expect(main.getByRole('link', { name: 'personvernerklæringen' }).first()).toHaveAttribute('href', '/personvern');
    await expectNoA11yViolations(page);
  });

  test('/vilkår redirects permanently to /vilkar, also from the landing footer', async ({ page }) => {
    const res = await page.goto('/vilkår');
    await expect(page).toHaveURL(`${E2E.baseUrl}/vilkar`);
    expect(res?.status()).toBe(200);
    expect(
      await res!
        .request()
        .redirectedFrom()
        ?.response()
        .then((r) => r?.status()),
    ).toBe(301);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vilkår for bruk');

    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Vilkår' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/vilkar`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Personvern' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/personvern`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Personvernerklæring');
  });
});

test.describe('other pages', () => {
  test('an unknown address shows "Fant ikke siden" with status 404 and a way home', async ({ page }) => {
    for (const path of ['/finnes-ikke', '/noe/helt/annet']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fant ikke siden');
    }
    await expect(page).toHaveTitle(/^Fant ikke siden/);
    await expectNoA11yViolations(page);
    const home = page.getByRole('link', { name: 'Til forsiden' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soloprenør. Start alene. Bygg stort.');
  });

  test('/takk thanks for the sign-up and leads back', async ({ page }) => {
    const res = await page.goto('/takk');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Takk for påmeldingen!');
    await expect(page.getByText('Vi har sendt deg en innloggingslenke. Sjekk e-posten din.')).toBeVisible();
    await expect(page.getByText('Lenken er gyldig i 15 minutter', { exact: false })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoA11yViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Tilbake til forsiden' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  });
});
