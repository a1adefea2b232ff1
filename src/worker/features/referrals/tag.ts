import { sql, type SQL } from 'drizzle-orm';
import { referrals } from '#db/schema';

/** Whether the user `userId` came through a member's link (the automatic tag `verved`). */
export const wasReferred = (userId: SQL) =>
  sql`EXISTS (SELECT 1 FROM ${referrals} rf WHERE rf.friend_id = ${userId} AND rf.referrer_id IS NOT rf.friend_id)`;
