import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import { createTestApp } from '#support/app';
import { preparedStatement } from './prepared';

/**
 * A canary for what db/prepared.ts relies on in Drizzle: its batch asks each item for `_prepare()`
 * and reads `getQuery()` from what that returns — not public API. Should an upgrade change either,
 * this test fails and names the record to revisit, before the session look-up does.
 */
const REVISIT = 'revisit db/prepared.ts (docs/decisions/0024-queries-at-scale.md)';

describe('preparedStatement (canary for Drizzle internals)', () => {
  it('binds new values each call in a batch, next to an ordinary query', async () => {
    const t = await createTestApp();
    try {
      expect(
        typeof (t.db.select().from(users) as unknown as { _prepare?: unknown })._prepare,
        `Drizzle's builders no longer have _prepare(): ${REVISIT}`,
      ).toBe('function');
      await t.db.insert(users).values([
        { id: 'u-kari', email: 'kari@example.no', firstName: 'Kari' },
        { id: 'u-ola', email: 'ola@example.no', firstName: 'Ola' },
      ]);
      const byId = preparedStatement((db) =>
        db
          .select({ name: users.firstName })
          .from(users)
          .where(eq(users.id, sql.placeholder('id'))),
      );
      const [kari, ola, count] = await t.db.batch([
        byId(t.db, { id: 'u-kari' }),
        byId(t.db, { id: 'u-ola' }),
        t.db.select({ n: sql<number>`count(*)` }).from(users),
      ]);
      expect([kari, ola], `a prepared statement in db.batch no longer binds its values: ${REVISIT}`).toEqual([
        [{ name: 'Kari' }],
        [{ name: 'Ola' }],
      ]);
      expect(count).toEqual([{ n: 2 }]);
    } finally {
      t.close();
    }
  });
});
