import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#support/app';
import { campaigns, lessons, modules } from '#db/schema';
import { seedIfEmpty } from './seed';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp(); // an empty, migrated database
});
afterEach(() => t.close());

const snapshot = async () => ({
  modules: await t.db.select().from(modules).orderBy(asc(modules.id)),
  lessons: await t.db.select().from(lessons).orderBy(asc(lessons.id)),
  campaigns: await t.db.select().from(campaigns).orderBy(asc(campaigns.id)),
});

describe('seedIfEmpty', () => {
  it('fills an empty database with the course and one active campaign', async () => {
    expect(await seedIfEmpty(t.db)).toBe(true);
    const mods = await t.db.select().from(modules).orderBy(asc(modules.order));

    expect(mods.slice(0, 3).map((m) => [m.id, m.order])).toEqual([
      ['mindset', 1],
      ['niche', 2],
      ['build', 3],
    ]);
    expect(mods.map((m) => m.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(mods.map((m) => m.id)).size).toBe(7);
    expect(mods.some((m) => m.isPremium)).toBe(true);
    expect(mods.find((m) => m.order === 1)!.isPremium).toBe(false);
    for (const m of mods) expect(m.title.length, m.id).toBeGreaterThan(0);

    for (const id of ['mindset', 'niche', 'build']) {
      const ls = await t.db.select().from(lessons).where(eq(lessons.moduleId, id)).orderBy(asc(lessons.order));
      expect(
        ls.map((l) => l.title.split(':')[0]),
        id,
      ).toEqual(['Quick Win', 'Deep Dive', 'Master Class', 'Quiz']);
      expect(ls[0]!.duration, id).toBe(5);
      expect(ls[1]!.duration, id).toBe(20);
      expect(ls[2]!.duration ?? 0, id).toBeGreaterThanOrEqual(60);
      for (const l of ls.slice(0, 3)) expect(l.content.length, l.id).toBeGreaterThan(200);
      // The module ends with a free quiz of 3–5 questions, each with an explanation and one right answer at least.
      const quiz = ls[3]!;
      expect(quiz).toMatchObject({ id: `${id}-quiz`, type: 'quiz', isPremium: false });
      expect(quiz.quiz!.questions.length).toBeGreaterThanOrEqual(3);
      expect(quiz.quiz!.questions.length).toBeLessThanOrEqual(5);
      for (const q of quiz.quiz!.questions) {
        expect(q.explanation.length, q.id).toBeGreaterThan(20);
        const right = q.options.filter((o) => o.correct).length;
        expect(right, q.id).toBeGreaterThanOrEqual(1);
        if (!q.multiple) expect(right, q.id).toBe(1);
      }
    }

    const active = await t.db.select().from(campaigns).where(eq(campaigns.isActive, true));
    expect(active).toHaveLength(1);
    // The yearly plan at its list price: the seed claims no discount.
    expect(active[0]).toMatchObject({ period: 'år', priceOriginal: 1995, priceDiscounted: null, discount: 0 });
  });

  it('changes nothing when run again, and keeps what an admin edited', async () => {
    await seedIfEmpty(t.db);
    await t.db.update(modules).set({ title: 'Mitt eget tankesett' }).where(eq(modules.id, 'mindset'));
    await t.db.update(campaigns).set({ title: 'Vårkampanje' });
    const before = await snapshot();

    expect(await seedIfEmpty(t.db)).toBe(false);

    expect(await snapshot()).toEqual(before);
    const [mindset] = await t.db.select().from(modules).where(eq(modules.id, 'mindset'));
    expect(mindset!.title).toBe('Mitt eget tankesett');
  });
});
