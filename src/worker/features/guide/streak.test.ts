import { beforeEach, describe, expect, it } from 'vitest';
import { expectApiError } from '#support/errors';
import { DAY, HOUR, MINUTE } from '#shared/time';
import { guideSuite } from '#support/guide-suite';

const s = guideSuite();
let token: string;
beforeEach(async () => {
  ({ token } = await s.g.user('kari@example.no'));
});

/** The test clock starts at 2026-11-21 09:00 UTC, 10:00 in Oslo (UTC+1 in winter). */
const OSLO_MIDNIGHT_AFTER_START = 14 * HOUR;

/**
 * Moves the clock, then lets the session slide (an auth write, once an hour) in a request of its
 * own, so the guide requests measured below count only their own round trips.
 */
async function advance(ms: number) {
  s.t.clock.advance(ms);
  await s.t.as(token).auth.me.$get();
}

const visit = async () => {
  const res = await s.g.api(token).streak.$post();
  expect(res.status).toBe(200);
  return res.json();
};
const streak = async () => await (await s.g.api(token).streak.$get()).json();

describe('POST /api/guide/streak', () => {
  it('needs a session', async () => {
    await expectApiError(await s.g.api().streak.$post(), 401, 'unauthenticated');
    await expectApiError(await s.g.api().streak.$get(), 401, 'unauthenticated');
  });

  it('starts at 1 with the daily login XP, and a second visit the same day changes nothing', async () => {
    expect(await streak()).toEqual({ currentStreak: 0, longestStreak: 0, xp: 0, achievements: [] });
    expect(await visit()).toEqual({
      currentStreak: 1,
      longestStreak: 1,
      xp: 10,
      achievements: [],
      awarded: [{ kind: 'daily_login', points: 10 }],
    });
    await advance(13 * HOUR); // 23:00 in Oslo, still the same day
    expect(await visit()).toMatchObject({ currentStreak: 1, xp: 10, awarded: [] });
  });

  it('counts Oslo calendar days: a visit just after midnight in Oslo continues the streak', async () => {
    await advance(OSLO_MIDNIGHT_AFTER_START - MINUTE); // 23:59 in Oslo
    await visit();
    await advance(2 * MINUTE); // 00:01 in Oslo, still 23:01 on the same UTC day
    expect(await visit()).toMatchObject({
      currentStreak: 2,
      longestStreak: 2,
      xp: 10 + 10 + 15,
      awarded: [
        { kind: 'daily_login', points: 10 },
        { kind: 'streak_day', points: 15 },
      ],
    });
    await advance(HOUR); // a new UTC day, the same Oslo day
    expect(await visit()).toMatchObject({ currentStreak: 2, awarded: [] });
  });

  it('restarts at 1 after a missed day, and shows 0 until the next visit', async () => {
    await visit();
    await advance(DAY);
    await visit();
    await advance(2 * DAY);
    expect(await streak()).toMatchObject({ currentStreak: 0, longestStreak: 2 });
    expect(await visit()).toMatchObject({ currentStreak: 1, longestStreak: 2, awarded: [{ kind: 'daily_login', points: 10 }] });
  });

  it('keeps showing yesterday’s streak until today is visited', async () => {
    await visit();
    await advance(DAY);
    await visit();
    await advance(DAY);
    expect(await streak()).toMatchObject({ currentStreak: 2 });
  });

  it('awards "7 dagers streak" on the seventh day in a row, once', async () => {
    for (let day = 1; day <= 6; day++) {
      expect((await visit()).awarded.some((a) => a.kind === 'achievement')).toBe(false);
      await advance(DAY);
    }
    const seventh = await visit();
    expect(seventh.currentStreak).toBe(7);
    expect(seventh.awarded).toContainEqual({ kind: 'achievement', points: 100, achievementId: 'streak-7' });
    expect(seventh.achievements).toEqual([{ id: 'streak-7', unlockedAt: new Date(s.t.clock.now()).toISOString() }]);
    expect(seventh.xp).toBe(7 * 10 + 6 * 15 + 100);
    await advance(DAY);
    expect((await visit()).awarded).toEqual([
      { kind: 'daily_login', points: 10 },
      { kind: 'streak_day', points: 15 },
    ]);
  });
});
