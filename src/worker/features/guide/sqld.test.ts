/**
 * The guide's SQL (guarded INSERT … SELECT, json_each, upserts with RETURNING, correlated rule
 * fragments) on a real sqld over HTTP, as the Workers entry talks to Turso: each service call
 * is one batch, one round trip.
 */
import { createClient, type Client } from '@libsql/client/web';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '#db';
import { users } from '#db/schema';
import { seedIfEmpty } from '#db/seed/seed';
import { DAY } from '#shared/time';
import { parseConfig } from '#worker/config';
import { FREE_LESSONS } from '#support/free-lessons';
import { countRoundTrips } from '#support/round-trips';
import { sqldBinary, startSqld, type Sqld } from '#support/sqld';
import { recordAction } from './actions';
import { courseCertificate } from './certificate';
import { getModule, listModules } from './modules';
import { submitQuiz } from './quiz';
import { mindsetQuiz } from '#db/seed/content/quizzes';
import { saveProgress } from './progress';
import { viewerOf } from './rules';
import { searchGuide } from './search';
import { recordVisit } from './streak';

const canRun = sqldBinary() !== null || (process.platform === 'linux' && process.arch === 'x64');

describe.skipIf(!canRun)('the guide over sqld (HTTP)', () => {
  let sqld: Sqld;
  let client: Client;
  let db: Db;
  let trips: ReturnType<typeof countRoundTrips>;
  let time = Date.UTC(2026, 10, 21, 9);
  const config = parseConfig({ APP_ENV: 'test' });
  const ctx = () => ({ db, now: () => time, config });

  beforeAll(async () => {
    sqld = await startSqld();
    client = createClient({ url: sqld.url, authToken: sqld.authToken });
    trips = countRoundTrips(client);
    db = createDb(trips.client);
    await migrate(db, { migrationsFolder: fileURLToPath(new URL('../../../../db/migrations', import.meta.url)) });
    await seedIfEmpty(db);
  }, 60_000);
  afterAll(async () => {
    client?.close();
    await sqld?.stop();
  });

  const once = async <T>(call: () => Promise<T>) => {
    trips.reset();
    const result = await call();
    expect(trips.count).toBe(1);
    return result;
  };

  it('lists, opens, completes, counts the visit and records the action, one round trip each', async () => {
    const [user] = await db.insert(users).values({ id: 'sqld-user', email: 'sqld@example.no' }).returning();
    const viewer = viewerOf(user!, time);

    const { modules } = await once(() => listModules(ctx(), { viewer }));
    expect(modules.map((m) => [m.id, m.unlocked])).toEqual([
      ['mindset', true],
      ['niche', false],
      ['build', false],
      ['marketing', false],
      ['sales', false],
      ['automation', false],
      ['scale', false],
    ]);

    const { module } = await once(() => getModule(ctx(), { viewer, moduleId: 'mindset' }));
    expect(module.lessons.map((l) => l.isLocked)).toEqual([false, false, true, false]);

    const saved = await once(() =>
      saveProgress(ctx(), { viewer, moduleId: 'mindset', completedSections: ['mindset-quick-win', 'mindset-deep-dive'] }),
    );
    expect(saved.progress.completionPercentage).toBe(67);
    // The quiz, graded in the batch's SQL (json_each over the stored quiz and the posted answers): failed, then passed.
    const answers = mindsetQuiz.quiz!.questions.map((q) => q.options.filter((o) => o.correct).map((o) => o.id));
    const failed = await once(() =>
      submitQuiz(ctx(), { viewer, lessonId: 'mindset-quiz', answers: [['c'], ['a'], ...answers.slice(2)] }),
    );
    expect(failed).toMatchObject({ passed: false, score: 2, total: 4 });
    expect(failed.results.map((r) => r.correct)).toEqual([false, false, true, true]);
    const passed = await once(() => submitQuiz(ctx(), { viewer, lessonId: 'mindset-quiz', answers }));
    expect(passed.progress.completionPercentage).toBe(100);
    expect(saved.awarded.map((a) => a.achievementId ?? a.kind)).toEqual(['lesson_completed', 'lesson_completed', 'first-step']);
    expect(passed.awarded.map((a) => a.achievementId ?? a.kind)).toEqual([
      'lesson_completed',
      'module_completed',
      'module-master',
    ]);
    await expect(
      once(() => saveProgress(ctx(), { viewer, moduleId: 'niche', completedSections: ['mindset-master-class'] })),
    ).rejects.toMatchObject({ code: 'invalid_lesson', status: 400 });

    expect((await once(() => recordVisit(ctx(), { viewer }))).currentStreak).toBe(1);
    time += DAY;
    const next = await once(() => recordVisit(ctx(), { viewer }));
    expect(next).toMatchObject({ currentStreak: 2, xp: 3 * 25 + 100 + 50 + 200 + 10 + 10 + 15 });

    await expect(
      once(() =>
        recordAction(ctx(), {
          viewer,
          action: { actionType: 'lesson_completed', actionData: { lessonId: 'niche-quick-win' }, moduleId: 'niche' },
        }),
      ),
    ).resolves.toEqual({ recorded: true });
  });

  it('searches with Norwegian case folding, names the next module and makes the certificate, one round trip each', async () => {
    const [user] = await db
      .insert(users)
      .values({ id: 'sqld-learner', email: 'sqld-learner@example.no', firstName: 'Åse' })
      .returning();
    const viewer = viewerOf(user!, time);

    const { results } = await once(() => searchGuide(ctx(), { viewer, q: 'SLIK TENKER EN SOLOPRENØR' }));
    expect(results.map((r) => r.lessonId)).toEqual(['mindset-deep-dive']);

    const { module } = await once(() => getModule(ctx(), { viewer, moduleId: 'mindset' }));
    expect(module.neighbours.next).toMatchObject({ moduleId: 'niche', lessonId: 'niche-quick-win', locked: 'module' });

    for (const [moduleId, completedSections] of Object.entries(FREE_LESSONS)) {
      await saveProgress(ctx(), { viewer, moduleId, completedSections });
    }
    const pdf = await once(() => courseCertificate(ctx(), { viewer, user: user! }));
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
  });
});
