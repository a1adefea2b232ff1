import { count, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { campaigns, counters, lessons, modules, welcomeSteps } from '#db/schema';
import { defaultCampaign, seedModules, welcomeSeed } from './content';

/** The `counters` row that marks the welcome series as seeded once: an admin who empties the series keeps it empty. */
const WELCOME_SEEDED = 'welcome_series_seeded';

/**
 * Fills an empty database with the course content, the default campaign and the welcome series.
 * Each part is seeded only when its table is empty (the series: only once ever), so a restart
 * never overwrites what an admin has changed since.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [[mods], [camps], [welcome]] = await db.batch([
    db.select({ n: count() }).from(modules),
    db.select({ n: count() }).from(campaigns),
    db.select({ n: count() }).from(counters).where(eq(counters.name, WELCOME_SEEDED)),
  ]);
  let seeded = false;
  if (!welcome?.n) {
    await db.batch([
      db.insert(welcomeSteps).values(welcomeSeed.map((step, position) => ({ ...step, id: crypto.randomUUID(), position }))),
      db.insert(counters).values({ name: WELCOME_SEEDED, value: 1 }),
    ]);
    seeded = true;
  }
  if (!mods?.n) {
    await db.batch([
      db.insert(modules).values(seedModules.map(({ lessons: _lessons, ...m }) => m)),
      db.insert(lessons).values(seedModules.flatMap((m) => m.lessons.map((l) => ({ ...l, moduleId: m.id })))),
    ]);
    seeded = true;
  }
  if (!camps?.n) {
    await db.insert(campaigns).values({
      ...defaultCampaign,
      displayType: 'modal',
      colorScheme: 'orange',
      animations: true,
      gamification: false,
      isActive: true,
    });
    seeded = true;
  }
  return seeded;
}
