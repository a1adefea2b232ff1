import { and, eq } from 'drizzle-orm';
import { expect, type Page } from '@playwright/test';
import type { Db } from '#db';
import { lessonCompletions, lessons, modules } from '#db/schema';

/**
 * Completes every lesson a free learner can open and opens /guide, which offers the certificate.
 * No spec publishes or removes free content while the learners' specs run (admin-content runs
 * after them, playwright.config.ts), so what is open now is everything.
 */
export async function finishEverything(page: Page, db: Db, userId: string) {
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
  await expect(page.getByRole('button', { name: 'Last ned kursbevis (PDF)' })).toBeVisible();
}
