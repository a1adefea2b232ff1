import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bool, createdAt, updatedAt } from './columns';
import { DEPTH_LEVELS, PREMIUM_PLANS, ROLES } from './enums';

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    phone: text('phone'),
    isActive: bool('is_active').notNull().default(true),
    isPremium: bool('is_premium').notNull().default(false),
    /** The user's role in the admin, or null for no staff (docs/decisions/0051-roles.md). */
    role: text('role', { enum: ROLES }),
    /** Owner because of ADMIN_EMAILS (not granted in the admin UI): the role is taken away again when the address leaves the list. */
    adminFromConfig: bool('admin_from_config').notNull().default(false),
    onboardingCompleted: bool('onboarding_completed').notNull().default(false),
    depthLevel: text('depth_level', { enum: DEPTH_LEVELS }).notNull().default('beginner'),
    adminNotes: text('admin_notes').notNull().default(''),
    premiumPlan: text('premium_plan', { enum: PREMIUM_PLANS }),
    premiumEndDate: integer('premium_end_date', { mode: 'timestamp_ms' }),
    lastLogin: integer('last_login', { mode: 'timestamp_ms' }),
    /**
     * Latest use of a session, tracked event or completed lesson (to the hour), kept by triggers
     * (hand-written in migration `scale_indexes`): the dashboard counts active users from it.
     */
    lastActiveAt: integer('last_active_at', { mode: 'timestamp_ms' }),
    /** Set by an admin: the user may no longer post questions or answers under lessons. */
    postingBlockedAt: integer('posting_blocked_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    lastModifiedAt: updatedAt('last_modified_at'),
  },
  // The admin's user list pages newest first; the dashboard reads recent sign-ups and logins.
  (t) => [
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_last_login_idx').on(t.lastLogin),
    // The dashboard counts premium users (those whose Premium has not ended) and active users.
    index('users_premium_idx').on(t.isPremium, t.premiumEndDate),
    index('users_last_active_idx').on(t.lastActiveAt),
    // The staff are a handful among thousands: the last-owner check counts the owners by it.
    index('users_role_idx').on(t.role),
  ],
);

export type User = typeof users.$inferSelect;

/**
 * Counts kept up to date by triggers (hand-written in the migration that made this table), so a page view reads one row
 * rather than counting a table that grows with every sign-up: `users` (every row) and
 * `active_users` (rows with `is_active`). A migration that rebuilds `users` must recreate the triggers.
 */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});
