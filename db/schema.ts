import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/*
 * The whole product's data model. Timestamps are epoch milliseconds; money is whole NOK.
 * Deleting a user cascades to everything that describes them; rows that must outlive
 * them for accounting (payments) or audit keep only a nulled reference.
 */

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = (name = 'updated_at') =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdate(() => new Date());
const bool = (name: string) => integer(name, { mode: 'boolean' });

export const DEPTH_LEVELS = ['beginner', 'intermediate', 'expert'] as const;
export const PREMIUM_PLANS = ['admin_granted', 'yearly', 'monthly'] as const;
export const LESSON_TYPES = ['text', 'video', 'interactive', 'ai-prompt'] as const;
export const CURRENCIES = ['NOK', 'USD', 'EUR'] as const;
export const PERIODS = ['måned', 'år', 'engang'] as const;
export const DISPLAY_TYPES = ['modal', 'fullpage', 'sidebar'] as const;
export const COLOR_SCHEMES = ['orange', 'purple', 'blue', 'green', 'custom'] as const;
export const URGENCY_TYPES = ['countdown', 'limited_spots', 'seasonal'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  phone: text('phone'),
  isActive: bool('is_active').notNull().default(true),
  isPremium: bool('is_premium').notNull().default(false),
  isAdmin: bool('is_admin').notNull().default(false),
  onboardingCompleted: bool('onboarding_completed').notNull().default(false),
  depthLevel: text('depth_level', { enum: DEPTH_LEVELS }).notNull().default('beginner'),
  adminNotes: text('admin_notes').notNull().default(''),
  premiumPlan: text('premium_plan', { enum: PREMIUM_PLANS }),
  premiumEndDate: integer('premium_end_date', { mode: 'timestamp_ms' }),
  /** End of this user's personal offer window on /premium (a real, stored deadline). */
  offerEndsAt: integer('offer_ends_at', { mode: 'timestamp_ms' }),
  lastLogin: integer('last_login', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  lastModifiedAt: updatedAt('last_modified_at'),
});

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const magicLinkTokens = sqliteTable(
  'magic_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    /** Name given with the request, used if this login creates the account. */
    firstName: text('first_name').notNull().default(''),
    /** SHA-256 of the 6-digit code for signing in on another device. */
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    returnTo: text('return_to'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('magic_link_email_idx').on(t.email), index('magic_link_expires_idx').on(t.expiresAt)],
);

export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    consentMarketing: bool('consent_marketing').notNull(),
    /** Proof of consent: when, to which wording, from where. */
    consentAt: integer('consent_at', { mode: 'timestamp_ms' }).notNull(),
    consentTextVersion: text('consent_text_version').notNull(),
    source: text('source').notNull(),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('leads_user_idx').on(t.userId)],
);

export const analyticsEvents = sqliteTable(
  'analytics_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventName: text('event_name').notNull(),
    leadId: text('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    props: text('props', { mode: 'json' }).$type<Record<string, string | number | boolean>>(),
    createdAt: createdAt(),
  },
  (t) => [index('events_name_created_idx').on(t.eventName, t.createdAt), index('events_user_idx').on(t.userId)],
);

export const modules = sqliteTable(
  'modules',
  {
    id: text('id').primaryKey(),
    order: integer('order').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon'),
    color: text('color'),
    isPremium: bool('is_premium').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('modules_order_idx').on(t.order)],
);

export type LessonResource = { title: string; url?: string };

export const lessons = sqliteTable(
  'lessons',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    order: integer('order').notNull(),
    type: text('type', { enum: LESSON_TYPES }).notNull().default('text'),
    isPremium: bool('is_premium').notNull().default(false),
    duration: integer('duration'),
    resources: text('resources', { mode: 'json' }).$type<LessonResource[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lessons_module_order_idx').on(t.moduleId, t.order)],
);

/** One row per completed lesson; a module's progress is derived from these. */
export const lessonCompletions = sqliteTable(
  'lesson_completions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    completedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('completions_user_module_idx').on(t.userId, t.moduleId)],
);

export const streaks = sqliteTable('streaks', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentStreak: integer('current_streak').notNull().default(0),
  longestStreak: integer('longest_streak').notNull().default(0),
  /** Calendar day in Europe/Oslo, YYYY-MM-DD. */
  lastActiveDay: text('last_active_day').notNull(),
  updatedAt: updatedAt(),
});

export type CampaignFeature = { icon: string; title: string; description: string; benefits?: string[] };
export type CampaignTestimonial = { name: string; role: string; text: string; revenue?: string; rating?: number };

export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    features: text('features', { mode: 'json' }).$type<CampaignFeature[]>().notNull().default([]),
    priceOriginal: integer('price_original').notNull(),
    priceDiscounted: integer('price_discounted'),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('NOK'),
    period: text('period', { enum: PERIODS }).notNull().default('måned'),
    discount: integer('discount').notNull().default(0),
    urgencyType: text('urgency_type', { enum: URGENCY_TYPES }),
    urgencyValue: text('urgency_value').notNull().default(''),
    ctaText: text('cta_text').notNull(),
    testimonials: text('testimonials', { mode: 'json' }).$type<CampaignTestimonial[]>().notNull().default([]),
    displayType: text('display_type', { enum: DISPLAY_TYPES }).notNull().default('modal'),
    colorScheme: text('color_scheme', { enum: COLOR_SCHEMES }).notNull().default('orange'),
    animations: bool('animations').notNull().default(true),
    gamification: bool('gamification').notNull().default(false),
    isActive: bool('is_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_active_idx').on(t.isActive)],
);

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    /** Set null, not cascaded: bokføringsloven requires keeping the (then anonymous) record. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('NOK'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_status_paid_idx').on(t.status, t.paidAt),
  ],
);

/** Webhook events already processed, so a redelivered event changes nothing. */
export const paymentEvents = sqliteTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  receivedAt: createdAt(),
});

export const adminAuditLog = sqliteTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    /** Only an id, never personal data, so the log can outlive the user it names. */
    targetId: text('target_id'),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt)],
);

/** Dev and test mail transport: messages land here instead of leaving the machine. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_to_idx').on(t.to)],
);

/** Fixed-window counters; in the database so limits hold across Worker isolates too. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  count: integer('count').notNull(),
});

export type User = typeof users.$inferSelect;
export type Module = typeof modules.$inferSelect;
export type Lesson = typeof lessons.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
