import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonCompletions, lessons, modules, users } from '#db/schema';
import { DAY } from '#shared/time';
import { runJobs } from '#worker/jobs/index';
import { adminTestApp, auditRows, expectAdminOnly } from '#support/admin-session';
import { expectApiError } from '#support/errors';

const ctx = adminTestApp();

const list = async () => (await ctx.s.api.admin.content.modules.$get()).json();

describe('admin content: modules', () => {
  it('answers 401 without a session and 403 to a non-admin, on every route', async () => {
    await expectAdminOnly(ctx.t, ctx.s.user.sessionToken, [
      ['GET', '/api/admin/content/modules'],
      ['POST', '/api/admin/content/modules', { title: 'X' }],
      ['PATCH', '/api/admin/content/modules/mindset', { isPremium: true }],
      ['DELETE', '/api/admin/content/modules/mindset'],
      ['POST', '/api/admin/content/lessons', { moduleId: 'mindset', title: 'X' }],
      ['PATCH', '/api/admin/content/lessons/mindset-quick-win', { title: 'X' }],
      ['DELETE', '/api/admin/content/lessons/mindset-quick-win'],
    ]);
    const [row] = await ctx.t.db.select({ n: count() }).from(modules).where(eq(modules.id, 'mindset'));
    expect(row?.n).toBe(1);
  });

  it('lists every module by order with its lessons by order, in at most two round trips', async () => {
    const res = await ctx.s.api.admin.content.modules.$get();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.modules.map((m) => m.order)).toEqual([...body.modules.map((m) => m.order)].sort((a, b) => a - b));
    const mindset = body.modules.find((m) => m.id === 'mindset')!;
    expect(mindset).toMatchObject({ order: 1, icon: '🧠', isPremium: false });
    expect(mindset.lessons.map((l) => l.id)).toEqual([
      'mindset-quick-win',
      'mindset-deep-dive',
      'mindset-master-class',
      'mindset-quiz',
    ]);
    expect(mindset.lessons[0]).toMatchObject({ moduleId: 'mindset', type: 'ai-prompt', duration: 5, completedBy: 0 });
    expect(mindset.stats).toEqual({ learners: 0, completed: 0, completionRate: 0, averageProgress: 0, activeLearners: 0 });
  });

  it('computes statistics from real completions: lessons available to each learner, capped, active in 7 days', async () => {
    const now = ctx.t.clock.now();
    await ctx.t.db.insert(users).values([
      { id: 'u-free', email: 'free@example.no' },
      { id: 'u-premium', email: 'premium@example.no', isPremium: true },
      { id: 'u-old', email: 'old@example.no' },
    ]);
    const done = (userId: string, lessonId: string, at = now - DAY) => ({
      userId,
      lessonId,
      moduleId: 'mindset',
      completedAt: new Date(at),
    });
    await ctx.t.db.insert(lessonCompletions).values([
      // Free user: the three free lessons of four → 100 % (the premium one is not available to them).
      done('u-free', 'mindset-quick-win'),
      done('u-free', 'mindset-deep-dive'),
      done('u-free', 'mindset-quiz'),
      // Premium user: one of four → 25 %.
      done('u-premium', 'mindset-master-class'),
      // Free user, long ago: one of three → 33 %, not active.
      done('u-old', 'mindset-quick-win', now - 10 * DAY),
    ]);
    // The statistics are the job's (as of its last pass); the lessons' and the module's learner counts are live.
    const before = (await list()).modules.find((m) => m.id === 'mindset')!;
    expect(before.stats.learners).toBe(0);
    expect(before.learners).toBe(3);
    await runJobs(ctx.t.deps);
    const mindset = (await list()).modules.find((m) => m.id === 'mindset')!;
    expect(mindset.stats).toEqual({ learners: 3, completed: 1, completionRate: 33, averageProgress: 53, activeLearners: 2 });
    expect(mindset.lessons.map((l) => l.completedBy)).toEqual([2, 1, 1, 1]);
    expect((await list()).modules.find((m) => m.id === 'niche')!.stats.learners).toBe(0);

    // A learner whose only completion in the module goes is no longer one of its learners; one with another stays.
    await ctx.t.db.delete(lessonCompletions).where(eq(lessonCompletions.userId, 'u-old'));
    await ctx.t.db
      .delete(lessonCompletions)
      .where(and(eq(lessonCompletions.userId, 'u-free'), eq(lessonCompletions.lessonId, 'mindset-quick-win')));
    expect((await list()).modules.find((m) => m.id === 'mindset')!.learners).toBe(2);
  });

  it('creates a module with moduleCreateSchema’s defaults and an id from the title, audited', async () => {
    const before = (await list()).modules.length;
    const res = await ctx.s.api.admin.content.modules.$post({ json: { title: 'Økonomi og skatt for små bedrifter' } });
    expect(res.status).toBe(201);
    const { module } = await res.json();
    expect(module).toEqual({
      id: 'okonomi-og-skatt-for-sma-bedrifter',
      title: 'Økonomi og skatt for små bedrifter',
      description: '',
      order: before + 1,
      icon: '📚',
      color: 'from-gray-500 to-gray-600',
      isPremium: false,
      difficulty: 'beginner',
      status: 'draft',
      publishAt: null,
    });
    const [entry] = await auditRows(ctx.t);
    expect(entry).toMatchObject({
      actorId: ctx.s.admin.user.id,
      action: 'module.create',
      targetType: 'module',
      targetId: 'okonomi-og-skatt-for-sma-bedrifter',
      details: { order: before + 1, isPremium: false },
    });
  });

  it('takes the fields it is given, and refuses an id that is taken with 409', async () => {
    const json = {
      id: 'skatt',
      title: 'Skatt',
      description: 'Om skatt',
      icon: '',
      color: 'from-red-500 to-rose-500',
      order: 2,
      isPremium: true,
      difficulty: 'advanced',
      status: 'published',
      publishAt: '2026-12-01T07:00:00.000Z',
    } as const;
    const res = await ctx.s.api.admin.content.modules.$post({ json });
    expect(res.status).toBe(201);
    expect((await res.json()).module).toEqual({ ...json, icon: null });

    const auditCount = (await auditRows(ctx.t)).length;
    await expectApiError(
      await ctx.s.api.admin.content.modules.$post({ json }),
      409,
      'conflict',
      'Det finnes allerede en modul med ID-en «skatt».',
    );
    await expectApiError(await ctx.s.api.admin.content.modules.$post({ json: { title: 'Mindset' } }), 409, 'conflict');
    expect(await auditRows(ctx.t)).toHaveLength(auditCount);
  });

  it('refuses bad input with a Norwegian message naming the problem', async () => {
    const bad: [unknown, RegExp][] = [
      [{ title: 'X', order: 1.5 }, /helt tall/],
      [{ title: 'X', order: '2' }, /helt tall/],
      [{ title: 'X', order: 0 }, /1 eller høyere/],
      [{ title: '  ' }, /Skriv inn en tittel/],
      [{}, /Skriv inn en tittel/],
      [{ title: 'X', color: 'from-pink-900 to-black' }, /fargene i listen/],
      [{ title: 'X', id: 'Med Mellomrom' }, /små bokstaver/],
      [{ title: 'X', isPremium: 'ja' }, /på eller av/],
      [{ title: 'X', difficulty: 'expert' }, /nybegynner, viderekommen eller avansert/],
      [{ title: 'X', lessons: [] }, /lessons/],
    ];
    for (const [json, message] of bad) {
      await expectApiError(await ctx.s.asAdmin('/api/admin/content/modules', { json }), 400, 'validation_error', message);
    }
  });

  it('updates some fields, logs the settings changed from/to, and answers 404 for an unknown id', async () => {
    const res = await ctx.s.api.admin.content.modules[':id'].$patch({
      param: { id: 'mindset' },
      json: { isPremium: true, order: 7, title: 'Nytt navn', difficulty: 'intermediate' },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).module).toMatchObject({
      id: 'mindset',
      isPremium: true,
      order: 7,
      title: 'Nytt navn',
      difficulty: 'intermediate',
    });
    const [entry] = await auditRows(ctx.t);
    expect(entry).toMatchObject({
      action: 'module.update',
      targetId: 'mindset',
      details: {
        changes: {
          isPremium: { from: false, to: true },
          order: { from: 1, to: 7 },
          title: { changed: true },
          difficulty: { from: 'beginner', to: 'intermediate' },
        },
      },
    });

    const auditCount = (await auditRows(ctx.t)).length;
    await expectApiError(
      await ctx.s.api.admin.content.modules[':id'].$patch({ param: { id: 'finnes-ikke' }, json: { isPremium: true } }),
      404,
      'not_found',
      'Fant ikke modulen.',
    );
    expect(await auditRows(ctx.t)).toHaveLength(auditCount);
  });

  it('refuses a bad or empty patch, and the id cannot be changed', async () => {
    const patch = (json: unknown) => ctx.s.asAdmin('/api/admin/content/modules/mindset', { method: 'PATCH', json });
    await expectApiError(await patch({ order: 2.5 }), 400, 'validation_error', /helt tall/);
    await expectApiError(await patch({}), 400, 'validation_error', 'Ingen endringer å lagre');
    await expectApiError(await patch({ id: 'annet' }), 400, 'validation_error');
  });

  it('deletes a module with its lessons and learners’ completions, recording how many', async () => {
    await ctx.t.db.insert(users).values({ id: 'u1', email: 'u1@example.no' });
    await ctx.t.db.insert(lessonCompletions).values({ userId: 'u1', lessonId: 'mindset-quick-win', moduleId: 'mindset' });
    const res = await ctx.s.api.admin.content.modules[':id'].$delete({ param: { id: 'mindset' } });
    expect(res.status).toBe(200);
    expect((await list()).modules.some((m) => m.id === 'mindset')).toBe(false);
    expect(await ctx.t.db.select().from(lessons).where(eq(lessons.moduleId, 'mindset'))).toEqual([]);
    expect(await ctx.t.db.select().from(lessonCompletions)).toEqual([]);
    const [entry] = await auditRows(ctx.t);
    expect(entry).toMatchObject({
      action: 'module.delete',
      targetId: 'mindset',
      details: { title: 'Soloprenør-tankesettet', lessons: 4, learners: 1 },
    });

    await expectApiError(await ctx.s.api.admin.content.modules[':id'].$delete({ param: { id: 'mindset' } }), 404, 'not_found');
  });
});
