import type { CampaignFeature, CampaignTestimonial, LessonResource } from '#db/schema';

export type SeedLesson = {
  id: string;
  title: string;
  description: string;
  /** Markdown. */
  content: string;
  order: number;
  type: 'text' | 'video' | 'interactive' | 'ai-prompt';
  isPremium: boolean;
  /** Minutes. */
  duration: number | null;
  resources: LessonResource[];
};

export type SeedModule = {
  id: string;
  order: number;
  title: string;
  description: string;
  icon: string;
  color: string;
  isPremium: boolean;
  lessons: SeedLesson[];
};

export type SeedCampaign = {
  id: string;
  name: string;
  title: string;
  subtitle: string;
  description: string;
  features: CampaignFeature[];
  priceOriginal: number;
  priceDiscounted: number | null;
  currency: 'NOK';
  period: 'måned' | 'år' | 'engang';
  discount: number;
  urgencyType: 'countdown' | 'limited_spots' | 'seasonal' | null;
  urgencyValue: string;
  ctaText: string;
  testimonials: CampaignTestimonial[];
};
