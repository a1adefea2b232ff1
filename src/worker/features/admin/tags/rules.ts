import { sql, type SQL } from 'drizzle-orm';
import { AUTO_TAGS, MODULE_TAG_PREFIX } from '#shared/schemas/admin/tags';
import { wasReferred } from '#worker/features/referrals/index';

/*
 * The automatic tags are read from the state they describe, never stored beside it: a purchase,
 * a cancellation or a finished module is the tag, so it holds from the very statement that wrote
 * that state, costs the request that wrote it nothing, and cannot drift (0056).
 */

/** Has paid at least once (a refund later does not undo having bought). */
const bought = (userId: SQL) => sql`EXISTS (SELECT 1 FROM payments p WHERE p.user_id = ${userId} AND p.paid_at IS NOT NULL)`;

/** Cancelled a subscription, and none of theirs renews now. */
const canceled = (
  userId: SQL,
) => sql`(EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = ${userId} AND s.cancel_at_period_end = 1)
  AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = ${userId} AND s.status IN ('active', 'past_due') AND s.cancel_at_period_end = 0))`;

/** In a free trial now (docs/decisions/0060-free-trial.md). */
const inTrial = (userId: SQL) =>
  sql`EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = ${userId} AND s.status = 'trialing')`;

/** Whether the user `userId` (SQL) carries `tag`, automatic or set by an admin, as a SQL condition. */
export function hasTag(tag: string, userId: SQL): SQL {
  if (tag === AUTO_TAGS.bought) return bought(userId);
  if (tag === AUTO_TAGS.canceled) return canceled(userId);
  if (tag === AUTO_TAGS.trial) return inTrial(userId);
  if (tag === AUTO_TAGS.referred) return wasReferred(userId);
  if (tag.startsWith(MODULE_TAG_PREFIX)) {
    const moduleId = tag.slice(MODULE_TAG_PREFIX.length);
    return sql`EXISTS (SELECT 1 FROM module_completions c WHERE c.user_id = ${userId} AND c.module_id = ${moduleId})`;
  }
  return sql`EXISTS (SELECT 1 FROM user_tags t WHERE t.user_id = ${userId} AND t.tag = ${tag})`;
}

/** One user's tags, automatic first, as rows `{ tag, title, automatic }` (a module's title for its tag). */
export const userTagsSql = (userId: string) => sql`
  SELECT ${AUTO_TAGS.bought} AS tag, NULL AS title, 1 AS automatic WHERE ${bought(sql`${userId}`)}
  UNION ALL SELECT ${AUTO_TAGS.canceled}, NULL, 1 WHERE ${canceled(sql`${userId}`)}
  UNION ALL SELECT ${AUTO_TAGS.trial}, NULL, 1 WHERE ${inTrial(sql`${userId}`)}
  UNION ALL SELECT ${AUTO_TAGS.referred}, NULL, 1 WHERE ${wasReferred(sql`${userId}`)}
  UNION ALL SELECT ${MODULE_TAG_PREFIX} || c.module_id, m.title, 1
    FROM module_completions c JOIN modules m ON m.id = c.module_id WHERE c.user_id = ${userId}
  UNION ALL SELECT * FROM (SELECT t.tag, NULL, 0 FROM user_tags t WHERE t.user_id = ${userId} ORDER BY t.tag)`;

/** Every tag an audience may name: the automatic ones (a module's for each module) and those admins have set. */
export const allTagsSql = () => sql`
  SELECT ${AUTO_TAGS.bought} AS tag, NULL AS title, 1 AS automatic
  UNION ALL SELECT ${AUTO_TAGS.canceled}, NULL, 1
  UNION ALL SELECT ${AUTO_TAGS.referred}, NULL, 1
  UNION ALL SELECT * FROM (SELECT ${MODULE_TAG_PREFIX} || m.id, m.title, 1 FROM modules m ORDER BY m."order")
  UNION ALL SELECT * FROM (SELECT t.tag, NULL, 0 FROM tags t ORDER BY t.tag)`;
