import { sql, type SQL } from 'drizzle-orm';
import { mailSuppressions } from '#db/schema';

/**
 * SQL that holds when `email` may get marketing mail as far as the suppression list knows: it
 * never bounced hard and never complained. Transactional mail (a sign-in link the person just
 * asked for, a receipt) is not checked: see docs/decisions (newsletters and deliverability).
 */
export const notSuppressed = (email: SQL) => sql`NOT EXISTS (SELECT 1 FROM ${mailSuppressions} WHERE email = ${email})`;
