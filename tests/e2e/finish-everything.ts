import { and, eq } from 'drizzle-orm';
import { expect, type Page } from '@playwright/test';
import type { Db } from '#db';
import { lessonCompletions, lessons, modules } from '#db/schema';

/**
 * Completes every lesson a free learner can open and waits for /guide to offer the certificate.
 * Other specs publish modules and lessons in the shared database while a test runs (and delete
 * them again), so it completes what is open now and looks again until nothing new has appeared.
 */
export async function finishEverything(page: Page, db: Db, userId: string) {
  await expect(async () => {
    const open = await db
      .select({ lessonId: lessons.id, moduleId: lessons.moduleId })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .where(
        and(
          eq(modules.isPremium, false),
          eq(lessons.isPremium, false),
          eq(modules.status, 'published'),
          eq(lessons.status, 'published'),
        ),
      );
    await db
      .insert(lessonCompletions)
      .values(open.map((l) => ({ userId, ...l })))
      .onConflictDoNothing();
    await page.goto('/guide');
    await expect(page.getByRole('button', { name: 'Last ned kursbevis (PDF)' })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 60_000 });
}
