import { eq, sql } from 'drizzle-orm';
import { users } from '#db/schema';
import { adminTags } from '#shared/copy/admin/tags';
import type { Tag, TagList } from '#shared/schemas/admin/tags';
import type { ServiceCtx } from '#worker/context';
import { auditExistingStatement } from '#worker/audit';
import { userNotFound } from '../users/admin-user';
import { allTagsSql, userTagsSql } from './rules';

/*
 * Tags on users: an admin's own (`user_tags`), and the automatic ones the product reads from its
 * state (rules.ts). A tag names an audience for a newsletter ({ kind: 'tag', tag }).
 */

type TagRow = { tag: string; title: string | null; automatic: number };

const toTags = (rows: TagRow[]): TagList => ({
  tags: rows.map(
    (r) => ({ tag: r.tag, label: r.title ? adminTags.moduleTag(r.title) : r.tag, automatic: Boolean(r.automatic) }) satisfies Tag,
  ),
});

/** Every tag an audience may name. One statement. */
export async function listTags(ctx: ServiceCtx): Promise<TagList> {
  return toTags(await ctx.db.all<TagRow>(allTagsSql()));
}

const userExists = (ctx: ServiceCtx, userId: string) => ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));

/** One user's tags; 404 for an unknown user. One batch. */
export async function tagsOfUser(ctx: ServiceCtx, userId: string): Promise<TagList> {
  const [found, rows] = await ctx.db.batch([userExists(ctx, userId), ctx.db.all<TagRow>(userTagsSql(userId))]);
  if (found.length === 0) throw userNotFound();
  return toTags(rows);
}

/**
 * Puts an admin's tag on a user (`set`) or takes it off; either is a no-op when already so. The
 * write, its audit row and the user's tags after it are one batch; an unknown user is 404 and gets nothing.
 */
export async function changeTag(
  ctx: ServiceCtx,
  input: { actorId: string; userId: string; tag: string; set: boolean },
): Promise<TagList> {
  const { db } = ctx;
  const { userId, tag } = input;
  const write = input.set
    ? db.run(sql`INSERT INTO user_tags (user_id, tag, created_at) SELECT id, ${tag}, ${ctx.now()} FROM users WHERE id = ${userId}
        ON CONFLICT DO NOTHING`)
    : db.run(sql`DELETE FROM user_tags WHERE user_id = ${userId} AND tag = ${tag}`);
  // The tag joins the list every audience picker shows (once it was really put on someone).
  const listed = db.run(sql`INSERT INTO tags (tag, created_at) SELECT ${tag}, ${ctx.now()}
    WHERE EXISTS (SELECT 1 FROM user_tags WHERE user_id = ${userId} AND tag = ${tag}) ON CONFLICT DO NOTHING`);
  const [, , , found, rows] = await db.batch([
    auditExistingStatement(
      ctx,
      { actorId: input.actorId, action: input.set ? 'user.tag_add' : 'user.tag_remove', targetType: 'user', targetId: userId },
      // The tag is the admin's word, never personal data: it is logged as written.
      { table: users, idColumn: users.id, details: sql`json_object('tag', ${tag})` },
    ),
    write,
    listed,
    userExists(ctx, userId),
    db.all<TagRow>(userTagsSql(userId)),
  ]);
  if (found.length === 0) throw userNotFound();
  return toTags(rows);
}
