import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Page, TestInfo } from '@playwright/test';
import { lessons } from '#db/schema';
import { FIXTURES } from '#support/upload-fixtures';
import { E2E } from './env';
import { expect, expectNoA11yViolations, test } from './fixtures';
import { editMindsetLesson } from './lesson-editor';
import { signInAs } from './sessions';

/** An own video's captions in the browser (docs/decisions/0050-captions.md): the editor's warning and upload, the learner's track and button. */
test.describe.configure({ timeout: 90_000 });

const LESSON = 'mindset-quick-win';
const LESSON_TITLE = 'Quick Win: Ansett din første AI-medarbeider';
/** An own MP4 (never played here: the track and the button are what is checked). */
const VIDEO = 'https://video.example.invalid/velkommen.mp4';

const shot = async (page: Page, info: TestInfo, name: string) => {
  await page.screenshot({ path: `test-results/captions-shots/${name}-${info.project.name}.png`, fullPage: false });
  if (info.project.name === 'phone') {
    await mkdir('/work/shots', { recursive: true });
    await page.screenshot({ path: `/work/shots/${name}.png`, fullPage: false });
  }
};

/** The mode of the video's captions track, as the browser has it. */
const trackMode = (page: Page) => page.evaluate(() => document.querySelector('video')?.textTracks[0]?.mode ?? null);

test('the admin adds captions to an own video; the learner turns them off and on', async ({ page, browser, db, email }, info) => {
  const [before] = await db.select().from(lessons).where(eq(lessons.id, LESSON));
  await db.update(lessons).set({ videoUrl: VIDEO, transcript: '', captionsFileId: null }).where(eq(lessons.id, LESSON));
  await signInAs(page, db, `captions-admin-${email}`, 'owner');
  try {
    const dialog = await editMindsetLesson(page, LESSON_TITLE);
    const captions = dialog.getByRole('group', { name: 'Teksting (WebVTT)' });
    const warning = captions.getByText(/^Videoen mangler teksting og transkripsjon/);
    await expect(warning).toBeVisible();

    // Not WebVTT: refused in Norwegian, where the admin is.
    const upload = captions.getByRole('button', { name: /Last opp teksting/ });
    let chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (
      await chooser
    ).setFiles({ name: 'teksting.vtt', mimeType: 'text/vtt', buffer: Buffer.from('1\n00:00:01.000 --> 00:00:02.000\nHei\n') });
    await expect(captions.getByRole('alert')).toHaveText(/ikke gyldig WebVTT/);

    chooser = page.waitForEvent('filechooser');
    await upload.click();
    await (await chooser).setFiles({ name: 'velkommen.vtt', mimeType: 'text/vtt', buffer: Buffer.from(FIXTURES.vtt) });
    await expect(captions.getByRole('status')).toHaveText('Lastet opp: velkommen.vtt');
    await expect(warning).toHaveCount(0);
    await expect(captions.getByRole('button', { name: /Bytt teksting/ })).toBeVisible();
    await expectNoA11yViolations(page);
    await dialog.getByRole('button', { name: 'Lagre leksjon' }).click();
    await expect(page.getByTestId('toast')).toContainText('Leksjon oppdatert');
    const [saved] = await db.select({ captionsFileId: lessons.captionsFileId }).from(lessons).where(eq(lessons.id, LESSON));
    expect(saved!.captionsFileId).toMatch(/^[a-f0-9]{32}$/);

    const learner = await browser.newContext({ baseURL: E2E.baseUrl, ...info.project.use });
    const guide = await learner.newPage();
    await signInAs(guide, db, `captions-learner-${email}`);
    await guide.goto(`/guide/lessons/mindset?leksjon=${LESSON}`);
    const play = guide.getByRole('button', { name: `Spill av video: ${LESSON_TITLE}` });
    await expect(play).toContainText('Med norsk teksting');
    await play.click();
    const track = guide.locator('video track');
    await expect(track).toHaveAttribute('kind', 'captions');
    await expect(track).toHaveAttribute('srclang', 'nb');
    await expect(track).toHaveAttribute('label', 'Norsk');
    await expect(track).toHaveAttribute('src', /^\/api\/files\/[a-f0-9]{32}\?exp=\d+&sig=[a-f0-9]{64}$/);
    const served = await guide.request.get((await track.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('text/vtt; charset=utf-8');

    const button = guide.getByRole('button', { name: 'Teksting' });
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => trackMode(guide)).toBe('showing');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => trackMode(guide)).toBe('hidden');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => trackMode(guide)).toBe('showing');
    await expectNoA11yViolations(guide);
    await button.scrollIntoViewIfNeeded();
    await shot(guide, info, 'captions');
    await learner.close();

    // The editor no longer warns, and says what an embedded player does instead.
    await editMindsetLesson(page, LESSON_TITLE);
    await expect(dialog.getByText('Teksting lagt ved')).toBeVisible();
    await dialog.getByLabel('Video (valgfri)').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(dialog.getByText(/^YouTube viser sin egen teksting i spilleren/)).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Teksting (WebVTT)' })).toHaveCount(0);
  } finally {
    await db
      .update(lessons)
      .set({ videoUrl: before!.videoUrl, transcript: before!.transcript, captionsFileId: before!.captionsFileId })
      .where(eq(lessons.id, LESSON));
  }
});
