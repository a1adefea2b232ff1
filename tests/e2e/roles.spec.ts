import { and, desc, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { adminAuditLog, users } from '#db/schema';
import { expect, expectAccessible, test, toast } from './fixtures';
import { signInAs } from './sessions';

/** The sidebar's entries, on a phone behind the menu button. */
async function sidebarLinks(page: Page) {
  const menu = page.getByRole('button', { name: 'Meny' });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav.getByRole('link').allTextContents();
}

test.describe('roles in the admin', () => {
  test('an editor sees only the content sections, and a forbidden one says so (its API answers 403)', async ({
    page,
    db,
    email,
  }, testInfo) => {
    test.slow(); // four screens and two accessibility scans on a shared machine
    await signInAs(page, db, email, 'editor');
    await page.goto('/admin');
    // The first section the role may use, not the overview with its money.
    await expect(page.getByRole('heading', { level: 1, name: 'Spørsmål' })).toBeVisible();
    expect(await sidebarLinks(page)).toEqual(['Spørsmål', 'Innhold', 'E-post', 'Gamification']);
    await expect(page.getByText('Redaktør', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `docs/screenshots/roles/editor-menu-${testInfo.project.name}.png` });

    await page.goto('/admin#betalinger');
    await expect(page.getByRole('heading', { name: 'Ingen tilgang til denne delen' })).toBeVisible();
    await expect(page.getByText('Rollen din (Redaktør) gir ikke tilgang til denne delen av admin.')).toBeVisible();
    expect((await page.request.get('/api/admin/payments')).status()).toBe(403);
    await expectAccessible(page);
    await page.screenshot({ path: `docs/screenshots/roles/editor-forbidden-${testInfo.project.name}.png` });

    // A screen of its own page (the settings) says the same; the content opens.
    await page.goto('/admin/innstillinger');
    await expect(page.getByRole('heading', { name: 'Ingen tilgang til denne delen' })).toBeVisible();
    expect((await page.request.get('/api/admin/settings')).status()).toBe(403);
    await page.goto('/admin#innhold');
    await expect(page.getByRole('heading', { level: 1, name: 'Innhold' })).toBeVisible();
  });

  test('the owner gives a role in the user card, and the change is in the audit log', async ({ page, db, email }, testInfo) => {
    test.slow();
    const owner = await signInAs(page, db, `roles-owner-${testInfo.project.name}-${Date.now()}@soloprenor.no`, 'owner');
    const id = crypto.randomUUID();
    const firstName = `Frilanser ${id.slice(0, 6)}`;
    await db.insert(users).values({ id, email, firstName });

    await page.goto('/admin#brukere');
    await page.getByLabel('Søk etter e-post eller navn').fill(email);
    const card = page.getByTestId('user-card').filter({ hasText: email });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Rediger ${firstName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rediger bruker' });
    const role = dialog.getByLabel('Rolle');
    await expect(role).toHaveValue('none');
    await role.selectOption({ label: 'Redaktør' });
    await expectAccessible(page);
    await page.screenshot({ path: `docs/screenshots/roles/role-select-${testInfo.project.name}.png` });
    await dialog.getByRole('button', { name: 'Lagre endringer' }).click();
    await expect(toast(page)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Redaktør', { exact: true })).toBeVisible();

    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
    expect(row?.role).toBe('editor');
    const [audit] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.actorId, owner.id)))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    expect(audit?.details).toEqual({ changes: { role: { from: null, to: 'editor' } } });
    await expectAccessible(page);
  });
});
