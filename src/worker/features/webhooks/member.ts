import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { users } from '#db/schema';
import { webhookStatement } from './emit';

/**
 * `member.created` for an account inserted with id `userId` earlier in the same batch: the insert
 * is an upsert (a sign-in, a checkout), so the id exists only when the account is new. The
 * address is in it: the event is about the member, and a CRM adds them by it.
 */
export function memberCreatedStatement(db: Db, input: { userId: string; email: string; firstName: string | null; now: number }) {
  return webhookStatement(db, {
    event: 'member.created',
    now: input.now,
    when: sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${input.userId})`,
    userId: input.userId,
    email: input.email,
    data: { memberId: input.userId, email: input.email, firstName: input.firstName },
  });
}
