/*
 * "Fortsett der du slapp" and the course's end (docs/decisions/0027-continue-search-certificate.md),
 * read from the catalog's module states (catalog.ts) so the overview and the certificate apply the
 * same rules as the rest of the guide: drafts are already left out, `available` and `unlocked` come
 * from rules.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db';
import type { NextLesson } from '#shared/schemas/guide';
import type { ModuleState } from './catalog';
import { available, quizzesRequired, type Viewer } from './rules';

/** May the viewer open the module's lessons now (unlocked, and not premium without premium)? */
const open = (s: ModuleState) => s.module.unlocked && !s.summary.isPremiumRequired;

/**
 * The first lesson in course order (modules by order, then lessons by order) that the viewer
 * may open and has not completed; a brand-new user gets the first lesson. Null when nothing
 * open is left undone.
 */
export function nextLesson(states: ModuleState[]): NextLesson | null {
  for (const s of states) {
    if (!open(s)) continue;
    const lesson = s.lessons.find((l) => l.available && !l.completed);
    if (lesson) {
      return {
        moduleId: s.module.id,
        moduleOrder: s.module.order,
        moduleTitle: s.module.title,
        lessonId: lesson.id,
        lessonTitle: lesson.title,
      };
    }
  }
  return null;
}

/**
 * The modules the certificate stands for: those with something this viewer can complete (a
 * premium module counts only with premium access; a module without lessons counts for nobody).
 */
export const certifiedModules = (states: ModuleState[]) =>
  states.filter((s) => !s.summary.isPremiumRequired && s.summary.availableLessonCount > 0);

/**
 * The course is finished: every module open to the viewer is completed (once or now, as the
 * overview counts it: 0017), and there was at least one.
 */
export function courseFinished(states: ModuleState[]): boolean {
  const modules = certifiedModules(states);
  return modules.length > 0 && modules.every((s) => s.summary.completed);
}

/**
 * For the request's batch: how many quiz lessons available to the viewer still lack a passed
 * attempt, while the admin's setting makes the certificate require them (0 when it is off;
 * docs/decisions/0048-quizzes.md). A module completed once stays completed, so this is what holds
 * the certificate back for a quiz added later or a lesson completed before the setting was on.
 */
export const unpassedQuizzesSql = (v: Viewer): SQL => sql`(
    SELECT count(*) FROM lessons l JOIN modules m ON m.id = l.module_id
    WHERE l.type = 'quiz' AND ${quizzesRequired} AND ${available(v, 'l', 'm')}
      AND NOT EXISTS (SELECT 1 FROM quiz_attempts qa WHERE qa.user_id = ${v.userId} AND qa.lesson_id = l.id AND qa.passed = 1))`;
export const unpassedQuizzesQuery = (db: Db, v: Viewer) => db.all<{ n: number }>(sql`SELECT ${unpassedQuizzesSql(v)} AS n`);

/** The certificate may be issued: the course is finished and no required quiz is left unpassed. */
export const certificateReady = (states: ModuleState[], [unpassed]: { n: number }[]) => courseFinished(states) && !unpassed?.n;
