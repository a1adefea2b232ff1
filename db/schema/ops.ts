import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';
import { users } from './users';

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
  (t) => [
    index('audit_created_idx').on(t.createdAt),
    // Export and erasure find the entries by and about a user.
    index('audit_actor_idx').on(t.actorId),
    index('audit_target_idx').on(t.targetId),
  ],
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
  // The clean-up job deletes by age.
  (t) => [index('outbox_to_idx').on(t.to), index('outbox_created_idx').on(t.createdAt)],
);

/** Fixed-window counters; in the database so limits hold across Worker isolates too. */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    // The clean-up job deletes ended windows.
    index('rate_limits_window_idx').on(t.windowStart),
    // Export and erasure find an address's counters by the pseudonym that ends their key (…:address:<64 hex>).
    index('rate_limits_address_idx').on(sql`substr(key, -65)`),
  ],
);
