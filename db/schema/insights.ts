import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** What the funnel counts (docs/decisions/0058-insights-and-exports.md). */
export const FUNNEL_METRICS = ['visitors', 'leads', 'confirmed', 'firstLesson', 'premium'] as const;

/**
 * The funnel's counts per hour (UTC hours since the epoch), kept by triggers on the tables whose
 * rows they count (hand-written in migration `insights`): a page view, a lead, an account (the
 * address confirmed through its link), a user's first completed lesson, a started subscription.
 * Each is counted twice: once in the total (`scope` 0, `utm_source` '') and once under the
 * lead's first-touch UTM source (`scope` 1, '' for none). A chart sums 26 weeks of hours on the
 * primary key instead of scanning millions of events; an Oslo week (or month) always begins on
 * a whole UTC hour, so hours add up to exact Oslo weeks in any season. Counts name nobody, so
 * erasure leaves them.
 */
export const insightCounts = sqliteTable(
  'insight_counts',
  {
    scope: integer('scope').notNull(),
    utmSource: text('utm_source').notNull(),
    metric: text('metric', { enum: FUNNEL_METRICS }).notNull(),
    hour: integer('hour').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.utmSource, t.metric, t.hour] })],
);

/** Every UTM source a lead has come with (the funnel's source selector), kept by the lead trigger. */
export const insightSources = sqliteTable('insight_sources', {
  utmSource: text('utm_source').primaryKey(),
});

/**
 * Each subscription's span, kept by triggers on `subscription_events`: when it started, when it
 * ended (expired or refunded; NULL while it lasts), and what it brings in a month, øre (the price
 * it was sold at; a yearly plan a twelfth). MRR, churn and cohorts read these narrow rows instead
 * of each subscription's history. No user: kept after erasure, as subscriptions are.
 */
export const insightSubscriptions = sqliteTable(
  'insight_subscriptions',
  {
    subscriptionId: text('subscription_id').primaryKey(),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
    monthlyOre: integer('monthly_ore').notNull(),
  },
  (t) => [index('insight_subscriptions_started_idx').on(t.startedAt, t.endedAt, t.monthlyOre)],
);
