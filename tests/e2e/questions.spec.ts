import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { lessonPosts, users } from '#db/schema';
import { apiOf } from './api';
import { E2E } from './env';
import { expect, expectAccessible, test, toast } from './fixtures';
import { signInAs } from './sessions';

// Three people, two browsers each with axe, on a shared machine.
test.describe.configure({ timeout: 300_000 });

const LESSON = '/guide/lessons/mindset?leksjon=mindset-quick-win';

/** Screenshots for the lead to look at, by width. */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/qa-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** The first paint of an app page on a busy machine. */
const SLOW = { timeout: 60_000 };

/**
 * The day's Premium offer, when the active campaign is a modal, opens over the lesson on a first
 * visit: marked as shown today, as the modal itself would, so the lesson is what the test sees.
 */
async function offerSeen(page: Page) {
  const premium = apiOf(page.request).premium;
  const { upsell } = await (await premium.upsell.$get()).json();
  if (!upsell) return;
  const event = { campaignId: upsell.campaign.id, kind: 'shown', placement: 'modal', reason: 'visit' } as const;
  expect((await premium.upsell.events.$post({ json: event })).ok).toBe(true);
}

const thread = (page: Page) => page.getByRole('region', { name: 'Spørsmål og svar' });

test('a learner asks under a lesson, Soloprenør answers from the inbox, another learner replies and reports', async ({
  page,
  browser,
  db,
  email,
  mailTo,
}, info) => {
  // Questions left unanswered by earlier runs would push this one off the inbox's first page.
  await db
    .update(lessonPosts)
    .set({ answeredAt: new Date() })
    .where(
      and(
        isNull(lessonPosts.questionId),
        isNull(lessonPosts.answeredAt),
        lt(lessonPosts.createdAt, new Date(Date.now() - 3_600_000)),
      ),
    );
  const question = `Hvordan vet jeg om nisjen min er lønnsom? (${info.project.name} ${Date.now().toString(36)})`;

  // Kari asks.
  const kari = await signInAs(page, db, `kari-${email}`);
  await db.update(users).set({ firstName: 'Kari' }).where(eq(users.id, kari.id));
  await offerSeen(page);
  await page.goto(LESSON);
  await expect(thread(page).getByLabel('Ditt spørsmål')).toBeVisible(SLOW);
  await thread(page).getByLabel('Ditt spørsmål').fill(`${question}\nJeg har to ideer.`);
  await thread(page).getByRole('button', { name: 'Still spørsmål' }).click();
  await expect(toast(page)).toContainText('Spørsmålet ditt er publisert.');
  const asked = thread(page).getByRole('listitem').filter({ hasText: question });
  await expect(asked).toContainText('Deg');
  await expect(asked).toContainText('Jeg har to ideer.');
  await expect(asked.getByRole('button', { name: /Rapporter/ })).toHaveCount(0);
  await expectAccessible(page);

  // The admin's inbox: the question among the unanswered, answered from there.
  const adminContext = await browser.newContext({ baseURL: E2E.baseUrl, ...info.project.use });
  const admin = await adminContext.newPage();
  await signInAs(admin, db, `admin-qa-${info.project.name}@soloprenor.no`, 'owner');
  await admin.goto('/admin#sporsmal');
  await expect(admin.getByRole('heading', { level: 1, name: 'Spørsmål' })).toBeVisible(SLOW);
  // The sidebar (a menu on a phone) has its entry.
  const menu = admin.getByRole('button', { name: 'Meny' });
  const phone = await menu.isVisible();
  if (phone) await menu.click();
  await expect(admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Spørsmål' })).toHaveAttribute(
    'href',
    '/admin#sporsmal',
  );
  if (phone) await admin.getByRole('button', { name: 'Lukk meny' }).click();
  const card = admin.getByRole('listitem').filter({ hasText: question }).first();
  await expect(card).toContainText('Ubesvart');
  await expect(card).toContainText(`kari-${email}`);
  await expectAccessible(admin);
  await shot(admin, 'admin-inbox');
  await card.getByLabel('Svar fra Soloprenør').fill('Test den med ti samtaler med kunder før du bygger noe.');
  await card.getByRole('button', { name: 'Send svar' }).click();
  await expect(toast(admin)).toContainText('Svaret er publisert');
  await expect(admin.getByRole('listitem').filter({ hasText: question })).toHaveCount(0);
  await expect((await mailTo(`kari-${email}`)).subject).toBe('Du har fått svar på spørsmålet ditt');

  // Ola sees the answer, replies and reports Kari's question.
  const olaContext = await browser.newContext({ baseURL: E2E.baseUrl, ...info.project.use });
  const ola = await olaContext.newPage();
  await signInAs(ola, db, `ola-${email}`);
  await offerSeen(ola);
  await ola.goto(LESSON);
  const seen = thread(ola).getByRole('listitem').filter({ hasText: question }).first();
  await expect(seen).toContainText('Kari', SLOW);
  await expect(seen).toContainText('Svar fra Soloprenør');
  await expect(seen).toContainText('Test den med ti samtaler');
  await seen.getByRole('button', { name: 'Svar', exact: true }).click();
  await seen.getByLabel('Ditt svar').fill('Jeg gjorde det slik, og det virket.');
  await seen.getByRole('button', { name: 'Svar', exact: true }).last().click();
  await expect(toast(ola)).toContainText('Svaret ditt er publisert.');
  await expect(seen).toContainText('Jeg gjorde det slik');
  await seen.getByRole('button', { name: 'Rapporter innlegget fra Kari' }).click();
  await expect(toast(ola)).toContainText('Innlegget er rapportert');
  await expectAccessible(ola);
  await shot(ola, 'lesson-thread');

  // The report shows in the inbox.
  await admin.getByRole('tab', { name: 'Rapporterte' }).click();
  const reported = admin.getByRole('listitem').filter({ hasText: question }).first();
  await expect(reported).toContainText('1 rapport');
  await expectAccessible(admin);
  await adminContext.close();
  await olaContext.close();
});
