import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';

/**
 * The welcome series: the mails each consented lead gets, `delayDays` after signing up, in
 * `position` order. A step keeps its id when its text or delay is edited, so what was sent
 * (`welcome_sends`) stays sent. `createdAt` limits who a step added later goes to (see
 * docs/decisions/0028-welcome-series-and-reminders.md).
 */
export const welcomeSteps = sqliteTable('welcome_steps', {
  id: text('id').primaryKey(),
  position: integer('position').notNull(),
  delayDays: integer('delay_days').notNull(),
  subject: text('subject').notNull(),
  markdown: text('markdown').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per step sent to an address: the key that keeps a step from ever going to the same person twice. */
export const welcomeSends = sqliteTable(
  'welcome_sends',
  {
    stepId: text('step_id')
      .notNull()
      .references(() => welcomeSteps.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  // Erasure and export find an address's rows.
  (t) => [primaryKey({ columns: [t.stepId, t.email] }), index('welcome_sends_email_idx').on(t.email)],
);

export type WelcomeStep = typeof welcomeSteps.$inferSelect;
