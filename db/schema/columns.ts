import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/* Timestamps are epoch milliseconds; money is øre (integer hundredths of a krone). */

export const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
export const updatedAt = (name = 'updated_at') =>
  integer(name, { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdate(() => new Date());
export const bool = (name: string) => integer(name, { mode: 'boolean' });
