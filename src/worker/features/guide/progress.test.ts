import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FREE_LESSONS as FREE } from '#support/free-lessons';
import { expectApiError } from '#support/errors';
import { guideActions, lessonCompletions, xpAwards } from '#db/schema';
import type { ProgressRequest } from '#shared/schemas/guide';
import { guideSuite } from '#support/guide-suite';

const s = guideSuite();

const save = (token: string | undefined, json: ProgressRequest) => s.g.api(token).progress.$post({ json });
/** A body the client's types refuse, sent as it is. */
const saveRaw = (token: string, body: unknown) => s.g.post('/progress', token, body);
const completionsOf = (userId: string) => s.t.db.select().from(lessonCompletions).where(eq(lessonCompletions.userId, userId));
const xpOf = async (token: string) => (await (await s.g.api(token).streak.$get()).json()).xp;

describe('POST /api/guide/progress', () => {
  it('needs a session', async () => {
    await expectApiError(await save(undefined, { moduleId: 'mindset', completedSections: [] }), 401, 'unauthenticated');
  });

  it('records lessons and answers with the percentage it computes itself, ignoring the one sent', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    const res = await save(token, { moduleId: 'mindset', completedSections: ['mindset-quick-win'], completionPercentage: 100 });
    expect(res.status).toBe(200);
    const body = await res.json();
    // One of the module's three free lessons (the quick win, the deep dive and the quiz).
    expect(body.progress).toEqual({ moduleId: 'mindset', completedSections: ['mindset-quick-win'], completionPercentage: 33 });
    expect(body.awarded).toEqual([
      { kind: 'lesson_completed', points: 25 },
      { kind: 'achievement', points: 50, achievementId: 'first-step' },
    ]);
    expect(await completionsOf(id)).toMatchObject([
      { lessonId: 'mindset-quick-win', moduleId: 'mindset', completedAt: new Date(s.t.clock.now()) },
    ]);
  });

  it('never un-completes, and a repeat awards nothing', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    await save(token, { moduleId: 'mindset', completedSections: ['mindset-quick-win'] });
    const again = await (await save(token, { moduleId: 'mindset', completedSections: [] })).json();
    expect(again).toEqual({
      progress: { moduleId: 'mindset', completedSections: ['mindset-quick-win'], completionPercentage: 33 },
      awarded: [],
    });
    await save(token, { moduleId: 'mindset', completedSections: ['mindset-quick-win', 'mindset-quick-win'] });
    expect(await completionsOf(id)).toHaveLength(1);
    expect(await xpOf(token)).toBe(25 + 50);
  });

  it('awards the module and "Modul mester" on the first finished module, and only XP for the next', async () => {
    const { token } = await s.g.user('kari@example.no');
    const done = await (await save(token, { moduleId: 'mindset', completedSections: FREE.mindset! })).json();
    expect(done.progress.completionPercentage).toBe(100);
    expect(done.awarded).toEqual([
      { kind: 'lesson_completed', points: 25 },
      { kind: 'lesson_completed', points: 25 },
      { kind: 'lesson_completed', points: 25 },
      { kind: 'module_completed', points: 100 },
      { kind: 'achievement', points: 50, achievementId: 'first-step' },
      { kind: 'achievement', points: 200, achievementId: 'module-master' },
    ]);
    const niche = await (await save(token, { moduleId: 'niche', completedSections: FREE.niche! })).json();
    expect(niche.awarded.map((a) => a.kind)).toEqual([
      'lesson_completed',
      'lesson_completed',
      'lesson_completed',
      'module_completed',
    ]);
    expect(await xpOf(token)).toBe(6 * 25 + 2 * 100 + 50 + 200);
    const streak = await (await s.g.api(token).streak.$get()).json();
    expect(streak.achievements.map((a) => a.id)).toEqual(['first-step', 'module-master']);
  });

  it('refuses, writing nothing, a lesson of another module, an unknown lesson or a premium lesson without premium', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    for (const lesson of ['niche-quick-win', 'finnes-ikke', 'mindset-master-class']) {
      const res = await save(token, { moduleId: 'mindset', completedSections: ['mindset-quick-win', lesson] });
      await expectApiError(res, 400, 'invalid_lesson', 'Leksjonen hører ikke til modulen, eller du har ikke tilgang til den.');
    }
    expect(await completionsOf(id)).toEqual([]);
    expect(await s.t.db.select().from(xpAwards).where(eq(xpAwards.userId, id))).toEqual([]);
  });

  it('refuses a premium module without premium (403), a locked module (403) and an unknown one (404)', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    await expectApiError(
      await save(token, { moduleId: 'sales', completedSections: ['sales-salgsprosessen'] }),
      403,
      'premium_required',
    );
    await expectApiError(await save(token, { moduleId: 'sales', completedSections: [] }), 403, 'premium_required');
    await expectApiError(await save(token, { moduleId: 'niche', completedSections: ['niche-quick-win'] }), 403, 'module_locked');
    await expectApiError(await save(token, { moduleId: 'finnes-ikke', completedSections: [] }), 404, 'module_not_found');
    expect(await completionsOf(id)).toEqual([]);
  });

  it('lets a premium user complete premium lessons', async () => {
    const { token } = await s.g.user('premium@example.no', { plan: 'yearly' });
    const res = await save(token, { moduleId: 'mindset', completedSections: ['mindset-master-class'] });
    expect((await res.json()).progress.completionPercentage).toBe(25);
  });

  it('answers 400 for malformed input and 415 for a body that is not JSON', async () => {
    const { token } = await s.g.user('kari@example.no');
    await expectApiError(await saveRaw(token, { completedSections: [] }), 400, 'validation_error');
    await expectApiError(
      await saveRaw(token, { moduleId: 'mindset', completedSections: 'mindset-quick-win' }),
      400,
      'validation_error',
    );
    await expectApiError(await save(token, { moduleId: '', completedSections: [] }), 400, 'validation_error');
    await expectApiError(
      await save(token, { moduleId: 'mindset', completedSections: [], completionPercentage: 140 }),
      400,
      'validation_error',
    );
    const text = await s.t.request('/api/guide/progress', { method: 'POST', token, headers: { 'content-type': 'text/plain' } });
    await expectApiError(text, 415, 'unsupported_media_type');
    const broken = await s.t.request('/api/guide/progress', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
    });
    await expectApiError(broken, 400, 'invalid_json');
  });
});

describe('GET /api/guide/progress', () => {
  it('needs a session', async () => {
    await expectApiError(await s.g.api().progress.$get({ query: {} }), 401, 'unauthenticated');
  });

  it('lists every module with its completed lessons and percentage', async () => {
    const { token } = await s.g.user('kari@example.no');
    await save(token, { moduleId: 'mindset', completedSections: ['mindset-deep-dive'] });
    const { progress } = await (await s.g.api(token).progress.$get({ query: {} })).json();
    expect(progress).toHaveLength(7);
    expect(progress[0]).toEqual({ moduleId: 'mindset', completedSections: ['mindset-deep-dive'], completionPercentage: 33 });
    expect(progress[4]).toEqual({ moduleId: 'sales', completedSections: [], completionPercentage: 0 });
  });
});

describe('POST /api/guide/action', () => {
  /** Sent as it is: some bodies here are ones the client's types refuse. */
  const act = (token: string | undefined, body: unknown) => s.g.post('/action', token, body);
  const lessonDone = (moduleId: string, lessonId: string) => ({
    actionType: 'lesson_completed',
    actionData: { lessonId },
    moduleId,
  });

  it('needs a session', async () => {
    await expectApiError(await act(undefined, lessonDone('mindset', 'mindset-quick-win')), 401, 'unauthenticated');
  });

  it('records a completed lesson or section once', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    for (let i = 0; i < 2; i++) {
      const res = await act(token, lessonDone('mindset', 'mindset-quick-win'));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ recorded: true });
    }
    expect(
      (await act(token, { actionType: 'section_completed', actionData: { sectionId: 'quick' }, moduleId: 'mindset' })).status,
    ).toBe(200);
    const rows = await s.t.db.select().from(guideActions).where(eq(guideActions.userId, id));
    expect(rows.map((r) => [r.actionType, r.moduleId, r.targetId])).toEqual([
      ['lesson_completed', 'mindset', 'mindset-quick-win'],
      ['section_completed', 'mindset', 'quick'],
    ]);
  });

  it('refuses lessons the user cannot complete, premium and locked modules, unknown modules and malformed input', async () => {
    const { token, id } = await s.g.user('kari@example.no');
    await expectApiError(await act(token, lessonDone('mindset', 'mindset-master-class')), 400, 'invalid_lesson');
    await expectApiError(await act(token, lessonDone('mindset', 'niche-quick-win')), 400, 'invalid_lesson');
    await expectApiError(await act(token, lessonDone('sales', 'sales-salgsprosessen')), 403, 'premium_required');
    await expectApiError(await act(token, lessonDone('niche', 'niche-quick-win')), 403, 'module_locked');
    await expectApiError(await act(token, lessonDone('finnes-ikke', 'x')), 404, 'module_not_found');
    await expectApiError(
      await act(token, { actionType: 'lesson_completed', actionData: { sectionId: 'quick' }, moduleId: 'mindset' }),
      400,
      'validation_error',
    );
    await expectApiError(await act(token, { actionType: 'noe_annet', moduleId: 'mindset' }), 400, 'validation_error');
    expect(await s.t.db.select().from(guideActions).where(eq(guideActions.userId, id))).toEqual([]);
  });
});
