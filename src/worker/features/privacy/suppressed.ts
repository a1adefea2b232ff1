import { sql, type SQL } from 'drizzle-orm';
import { consentEvents, erasureMarks, mailSuppressions } from '#db/schema';

/**
 * SQL that holds when `email` may get marketing mail as far as the suppression list knows: it
 * never bounced hard and never complained. Transactional mail (a sign-in link the person just
 * asked for, a receipt) is not checked: see docs/decisions (newsletters and deliverability).
 */
export const notSuppressed = (email: SQL) => sql`NOT EXISTS (SELECT 1 FROM ${mailSuppressions} WHERE email = ${email})`;

/**
 * SQL that holds unless the address was erased (its keyed hash `mark` is in erasure_marks) and
 * has not consented again since: a person who signs up again after erasure gives a new consent,
 * which counts; nothing from before the erasure does (docs/decisions/0044).
 */
export const notErased = (email: SQL, mark: SQL) => sql`NOT EXISTS (
  SELECT 1 FROM ${erasureMarks} m WHERE m.mark = ${mark} AND m.created_at >= coalesce(
    (SELECT max(created_at) FROM ${consentEvents} WHERE email = ${email} AND action = 'granted'), 0))`;
