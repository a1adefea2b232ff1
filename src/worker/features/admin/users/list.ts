import { count, desc, eq } from 'drizzle-orm';
import { counters, users } from '#db/schema';
import type { AdminUserList, AdminUserListQuery } from '#shared/schemas/admin/users';
import type { ServiceCtx } from '#worker/context';
import { textSearch } from '../text-search';
import { adminUser } from './admin-user';

/**
 * A page of users, newest first, optionally filtered by e-mail or name, with the total count —
 * one round trip. Paging walks the (created_at, id) index; a search reads the trigram index of
 * addresses and names (text-search.ts).
 */
export async function listUsers(ctx: ServiceCtx, input: AdminUserListQuery): Promise<AdminUserList> {
  const { db } = ctx;
  const { q, page, pageSize } = input;
  const filter = q ? textSearch(users, 'users_search', q) : undefined;
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
