import { describe, expect, it } from 'vitest';
import { emailChanges, magicLinkTokens, mailOutbox, mailQueue, rateLimits, sessions, users } from '#db/schema';
import { appPerTest } from '#support/app';
import { deleteExpired } from './cleanup';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const NOTHING_DELETED = {
  magicLinkTokens: 0,
  emailChanges: 0,
  sessions: 0,
  rateLimits: 0,
  mailOutbox: 0,
  mailQueue: 0,
  mailClickRefs: 0,
};

const t = appPerTest();

const keys = <T>(rows: T[], key: keyof T) => rows.map((r) => r[key]).sort();

describe('deleteExpired', () => {
  it('removes spent tokens and address-change links, expired sessions, ended rate windows, old outbox and finished queued mail, and keeps the rest', async () => {
    const now = t.clock.now();
    const at = (offset: number) => new Date(now + offset);
    await t.db.insert(users).values({ id: 'u1', email: 'kari@example.no' });
    await t.db.insert(magicLinkTokens).values([
      { tokenHash: 'fresh', email: 'kari@example.no', codeHash: 'c', expiresAt: at(10 * 60_000) },
      { tokenHash: 'expired-recently', email: 'kari@example.no', codeHash: 'c', expiresAt: at(-HOUR) },
      { tokenHash: 'expired-long-ago', email: 'kari@example.no', codeHash: 'c', expiresAt: at(-2 * DAY) },
      { tokenHash: 'used-recently', email: 'kari@example.no', codeHash: 'c', expiresAt: at(-HOUR), usedAt: at(-2 * HOUR) },
      // used two days ago on a link that (oddly) has not expired: used wins
      { tokenHash: 'used-long-ago', email: 'kari@example.no', codeHash: 'c', expiresAt: at(HOUR), usedAt: at(-2 * DAY) },
    ]);
    await t.db.insert(emailChanges).values([
      { tokenHash: 'open', userId: 'u1', newEmail: 'ny@example.no', expiresAt: at(HOUR) },
      { tokenHash: 'expired-long-ago', userId: 'u1', newEmail: 'ny@example.no', expiresAt: at(-2 * DAY) },
      { tokenHash: 'used-recently', userId: 'u1', newEmail: 'ny@example.no', expiresAt: at(-HOUR), usedAt: at(-2 * HOUR) },
      { tokenHash: 'used-long-ago', userId: 'u1', newEmail: 'ny@example.no', expiresAt: at(HOUR), usedAt: at(-2 * DAY) },
    ]);
    await t.db.insert(sessions).values([
      { tokenHash: 'live', userId: 'u1', expiresAt: at(DAY), lastUsedAt: at(0) },
      { tokenHash: 'dead', userId: 'u1', expiresAt: at(-1), lastUsedAt: at(-31 * DAY) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'current', windowStart: now - 10 * 60_000, count: 3 },
      { key: 'ended', windowStart: now - 2 * DAY, count: 9 }, // past the longest window (a day)
    ]);
    await t.db.insert(mailOutbox).values([
      { to: 'kari@example.no', subject: 'ny', text: '', html: '', createdAt: at(-6 * DAY) },
      { to: 'kari@example.no', subject: 'gammel', text: '', html: '', createdAt: at(-8 * DAY) },
    ]);
    const queued = (key: string, status: 'pending' | 'sent' | 'failed', age: number) => ({
      dedupeKey: key,
      kind: 'transactional' as const,
      to: 'kari@example.no',
      subject: key,
      text: '',
      html: '',
      status,
      nextAttemptAt: at(-age),
      createdAt: at(-age),
    });
    await t.db.insert(mailQueue).values([
      queued('sent-long-ago', 'sent', 91 * DAY),
      queued('failed-long-ago', 'failed', 91 * DAY),
      queued('sent-recently', 'sent', 89 * DAY),
      // Still waiting (a long outage): never deleted unsent.
      queued('pending-long-ago', 'pending', 91 * DAY),
    ]);

    const result = await deleteExpired(t.db, now);

    expect(result).toEqual({
      magicLinkTokens: 2,
      emailChanges: 2,
      sessions: 1,
      rateLimits: 1,
      mailOutbox: 1,
      mailQueue: 2,
      mailClickRefs: 0,
    });
    expect(keys(await t.db.select().from(mailQueue), 'dedupeKey')).toEqual(['pending-long-ago', 'sent-recently']);
    expect(keys(await t.db.select().from(emailChanges), 'tokenHash')).toEqual(['open', 'used-recently']);
    expect(keys(await t.db.select().from(magicLinkTokens), 'tokenHash')).toEqual(['expired-recently', 'fresh', 'used-recently']);
    expect(keys(await t.db.select().from(sessions), 'tokenHash')).toEqual(['live']);
    expect(keys(await t.db.select().from(rateLimits), 'key')).toEqual(['current']);
    expect(keys(await t.db.select().from(mailOutbox), 'subject')).toEqual(['ny']);
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('leaves a real sign-in working, and cleans up after it once time has passed', async () => {
    const { sessionToken } = await t.signIn('ola@example.no');
    expect(await deleteExpired(t.db, t.clock.now())).toEqual(NOTHING_DELETED);
    expect((await t.as(sessionToken).auth.me.$get()).status).toBe(200);

    t.clock.advance(31 * 24 * HOUR);
    const later = await deleteExpired(t.db, t.clock.now());
    expect(later.sessions).toBe(1);
    expect(later.magicLinkTokens).toBe(1);
    expect(later.rateLimits).toBeGreaterThan(0);
    expect((await t.as(sessionToken).auth.me.$get()).status).toBe(401);
  });

  it('is a no-op on an empty database', async () => {
    expect(await deleteExpired(t.db, t.clock.now())).toEqual(NOTHING_DELETED);
  });
});
