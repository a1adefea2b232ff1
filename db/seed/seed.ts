import { count } from 'drizzle-orm';
import type { Db } from '#db';
import { campaigns, lessons, modules } from '#db/schema';
import { defaultCampaign, seedModules } from './content';

/**
 * Fills an empty database with the course content and the default campaign.
 * Each part is seeded only when its table is empty, so a restart never overwrites
 * what an admin has changed since.
 */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [[mods], [camps]] = await db.batch([db.select({ n: count() }).from(modules), db.select({ n: count() }).from(campaigns)]);
  let seeded = false;
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
