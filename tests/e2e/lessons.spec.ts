import { eq } from 'drizzle-orm';
import type { Page, TestInfo } from '@playwright/test';
import { lessons } from '#db/schema';
import { FIXTURES } from '#support/upload-fixtures';
import { E2E } from './env';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { apiOf } from './api';
import { editMindsetLesson } from './lesson-editor';
import { signInAs } from './sessions';

/** Lessons in the browser (docs/decisions/0023-lessons-video-files-drafts.md): the video facade, files from upload to download, reordering by keyboard. */
test.describe.configure({ timeout: 90_000 });

const VIDEO_LESSON = 'marketing-30-dagers-plan';
const VIDEO_TITLE = 'Video: Lag en 30-dagers markedsplan med AI';
const FILE_LESSON = 'mindset-deep-dive';
const FILE_LESSON_TITLE = 'Deep Dive: Slik tenker en soloprenør';

/** Screenshots for looking at, per project width (test-results/lessons-shots). */
const shot = (page: Page, info: TestInfo, name: string) =>
  page.screenshot({ path: `test-results/lessons-shots/${name}-${info.project.name}.png`, fullPage: false });

const closeToast = async (page: Page) => {
  const close = page.getByRole('button', { name: 'Lukk varsel' });
  if ((await close.count()) > 0) await close.first().click();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
};

test('a video lesson makes no third-party request before the learner presses play', async ({ page, db, email }, info) => {
  await signInAs(page, db, `video-${email}`, 'owner');
  await db
    .update(lessons)
    .set({ videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', transcript: '## Hva du lærer\n\nTre steg til en plan.' })
    .where(eq(lessons.id, VIDEO_LESSON));
  try {
    const foreign: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith(E2E.baseUrl) && !req.url().startsWith('data:')) foreign.push(req.url());
    });
    // After the click the player is a local stub: the test never reaches YouTube.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Spiller</title><p>Spiller</p>' }),
    );

    await page.goto('/guide/lessons/marketing');
    await page.getByTestId('lesson-item').filter({ hasText: VIDEO_TITLE }).click();
    const play = page.getByRole('button', { name: `Spill av video: ${VIDEO_TITLE}` });
    await expect(play).toBeVisible();
    await expect(page.getByText('Video-innhold kommer snart')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByText('Tekst til videoen')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    await expectNoA11yViolations(page);
    await play.scrollIntoViewIfNeeded();
    await shot(page, info, 'video-facade');

    await play.click();
    const frame = page.locator('iframe[title^="Video:"]');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1/);
    await expect(frame.contentFrame().getByText('Spiller')).toBeVisible();
    expect(foreign.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
    await page.getByText('Tekst til videoen').click();
    await expect(page.getByRole('heading', { name: 'Hva du lærer' })).toBeVisible();
    await expectNoA11yViolations(page);
  } finally {
    await db.update(lessons).set({ videoUrl: null, transcript: '' }).where(eq(lessons.id, VIDEO_LESSON));
  }
});

test('the admin uploads a file for a lesson and a learner downloads it', async ({ page, browser, db, email }, info) => {
  const [before] = await db.select({ resources: lessons.resources }).from(lessons).where(eq(lessons.id, FILE_LESSON));
  await signInAs(page, db, `files-admin-${email}`, 'owner');
  try {
    const dialog = await editMindsetLesson(page, FILE_LESSON_TITLE);
    await dialog.getByRole('button', { name: 'Legg til ressurs' }).click();
    const resource = dialog.getByRole('group', { name: `Ressurs ${before!.resources.length + 1}` });
    await resource.getByLabel('Tittel').fill('Budsjettmal');

    // A program named .pdf is refused, in Norwegian, where the admin is.
    const upload = resource.getByRole('button', { name: /Last opp fil/ });
    let chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: 'budsjett.pdf', mimeType: 'application/pdf', buffer: Buffer.from(FIXTURES.exe) });
    await expect(resource.getByRole('alert')).toHaveText(/Filtypen er ikke tillatt/);

    chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: 'budsjett.pdf', mimeType: 'application/pdf', buffer: Buffer.from(FIXTURES.pdf) });
    await expect(resource.getByRole('status')).toHaveText('Lastet opp: budsjett.pdf');
    await expect(resource.getByLabel('Lenke (valgfri)')).toHaveCount(0);
    await expectNoA11yViolations(page);
    await resource.scrollIntoViewIfNeeded();
    await shot(page, info, 'admin-lesson-dialog-upload');
    await dialog.getByRole('button', { name: 'Lagre leksjon' }).click();
    await expect(page.getByTestId('toast')).toContainText('Leksjon oppdatert');

    const learner = await browser.newContext({ baseURL: E2E.baseUrl, acceptDownloads: true, ...info.project.use });
    const guide = await learner.newPage();
    await signInAs(guide, db, `files-learner-${email}`);
    await guide.goto('/guide/lessons/mindset');
    await guide.getByTestId('lesson-item').filter({ hasText: 'Deep Dive' }).click();
    const link = guide.getByRole('link', { name: /Budsjettmal/ });
    await expect(link).toHaveAttribute('href', /^\/api\/files\/[a-f0-9]{32}\?exp=\d+&sig=[a-f0-9]{64}$/);
    await closeToast(guide);
    await expectNoA11yViolations(guide);
    await link.scrollIntoViewIfNeeded();
    await shot(guide, info, 'guide-resources');
    const download = guide.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('budsjett.pdf');
    const { readFile } = await import('node:fs/promises');
    expect(new Uint8Array(await readFile((await file.path())!))).toEqual(FIXTURES.pdf);
    await learner.close();
  } finally {
    await db.update(lessons).set({ resources: before!.resources }).where(eq(lessons.id, FILE_LESSON));
  }
});

test('lessons reorder by keyboard, announced, and by drag and drop', async ({ page, db, email }) => {
  await signInAs(page, db, `reorder-${email}`, 'owner');
  const id = `rekkefolge-${Date.now().toString(36)}${seq()}`;
  const created = await page.request.post('/api/admin/content/modules', { data: { id, title: `Rekkefølge ${id}`, order: 999 } });
  expect(created.status()).toBe(201);
  for (const title of ['Første', 'Andre', 'Tredje']) {
    expect((await page.request.post('/api/admin/content/lessons', { data: { moduleId: id, title } })).status()).toBe(201);
  }
  const order = async () => {
    const res = await apiOf(page.request).admin.content.modules.$get();
    return (await res.json()).modules.find((m) => m.id === id)!.lessons.map((l) => l.title);
  };
  try {
    await page.goto('/admin#innhold');
    await page
      .getByRole('button', { name: new RegExp(`Rekkefølge ${id}`) })
      .first()
      .click();
    const up = page.getByRole('button', { name: 'Flytt Tredje opp' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Tredje er flyttet til plass 2 av 3.' })).toBeAttached();
    await expect(up).toBeFocused();
    await expect.poll(order).toEqual(['Første', 'Tredje', 'Andre']);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Tredje er flyttet til plass 1 av 3.' })).toBeAttached();
    await expect.poll(order).toEqual(['Tredje', 'Første', 'Andre']);
    // At the top the button stays focusable and does nothing.
    await page.keyboard.press('Enter');
    await expect(up).toHaveAttribute('aria-disabled', 'true');
    await expectNoA11yViolations(page);

    const rows = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Rediger (Første|Andre|Tredje)$/ }) });
    // The list shows the saved order before anything is dragged in it.
    await expect(rows).toHaveText([/Tredje/, /Første/, /Andre/]);
    // A drag the browser missed under load (HTML5 drag and drop in a busy headless page) is made
    // again, but only while the order is still the old one.
    await expect(async () => {
      if ((await order()).join() === 'Tredje,Første,Andre') {
        await rows.filter({ hasText: 'Andre' }).dragTo(rows.filter({ hasText: 'Tredje' }));
      }
      await expect.poll(order, { timeout: 5_000 }).toEqual(['Andre', 'Tredje', 'Første']);
    }).toPass({ timeout: 30_000 });
  } finally {
    await page.request.delete(`/api/admin/content/modules/${id}`);
  }
});

let n = 0;
const seq = () => ++n;
