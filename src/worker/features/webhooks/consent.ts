import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { consentEvents } from '#db/schema';
import { webhookStatement } from './emit';

/**
 * `member.consent_changed` for the grant or withdrawal `consentId` that an earlier statement of
 * the same batch appended, if it did (a repeated decision appends nothing). The address is in
 * it, with the account's id when there is one: a receiver must be able to honour a withdrawal
 * for a lead that never made an account.
 */
export function consentChangedStatement(db: Db, input: { consentId: string; now: number }) {
  const c = consentEvents;
  return webhookStatement(db, {
    event: 'member.consent_changed',
    now: input.now,
    from: sql`${c}`,
    when: sql`${c.id} = ${input.consentId}`,
    userId: sql`${c.userId}`,
    email: sql`${c.email}`,
    data: {
      memberId: sql`${c.userId}`,
      email: sql`${c.email}`,
      consent: sql`${c.action}`,
      source: sql`${c.source}`,
      textVersion: sql`${c.textVersion}`,
    },
  });
}
