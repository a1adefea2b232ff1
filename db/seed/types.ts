import type { campaigns, lessons, modules } from '../schema';

/** A lesson as seeded: the table's insert shape with the columns the seed always gives made required. */
export type SeedLesson = Required<
  Pick<
    typeof lessons.$inferInsert,
    'id' | 'title' | 'description' | 'content' | 'order' | 'type' | 'isPremium' | 'duration' | 'resources'
  >
> &
  Pick<typeof lessons.$inferInsert, 'quiz'>;

export type SeedModule = Required<
  Pick<typeof modules.$inferInsert, 'id' | 'order' | 'title' | 'description' | 'icon' | 'color' | 'isPremium' | 'difficulty'>
> & { lessons: SeedLesson[] };

export type SeedCampaign = Required<
  Pick<
    typeof campaigns.$inferInsert,
    | 'id'
    | 'name'
    | 'title'
    | 'subtitle'
    | 'description'
    | 'features'
    | 'priceOriginal'
    | 'priceDiscounted'
    | 'currency'
    | 'period'
    | 'discount'
    | 'urgencyType'
    | 'urgencyValue'
    | 'ctaText'
    | 'testimonials'
  >
>;
