import { count, desc, eq, like, or, sql } from 'drizzle-orm';
import { counters, users } from '#db/schema';
import type { AdminUserList, AdminUserListQuery } from '#shared/schemas/admin/users';
import type { ServiceCtx } from '#worker/context';
import { adminUser } from './admin-user';

/** `%term%` for LIKE, with the term's own % and _ taken literally. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * A page of users, newest first, optionally filtered by e-mail or name, with the total count —
 * one round trip. Paging walks the (created_at, id) index; a search scans the table with LIKE
 * (case-insensitive for ASCII), which stays in milliseconds at tens of thousands of users.
 */
export async function listUsers(ctx: ServiceCtx, input: AdminUserListQuery): Promise<AdminUserList> {
  const { db } = ctx;
  const { q, page, pageSize } = input;
  const pattern = contains(q);
  const filter = q
    ? or(like(users.email, sql`${pattern} ESCAPE '\\'`), like(users.firstName, sql`${pattern} ESCAPE '\\'`))
    : undefined;
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Unfiltered, the trigger-kept counter: paging never counts every user.
    filter
      ? db.select({ n: count() }).from(users).where(filter)
      : db.select({ n: counters.value }).from(counters).where(eq(counters.name, 'users')),
  ]);
  return { users: rows.map(adminUser), total: total?.n ?? 0, page, pageSize };
}
