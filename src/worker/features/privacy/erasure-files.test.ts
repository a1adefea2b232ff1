import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adminTestApp } from '#support/admin-session';

/**
 * Erasure must leave the address nowhere in the database's files, not only in no row: deleted
 * rows linger in free space of the pages, and the write-ahead log keeps earlier copies of pages.
 */
const ctx = adminTestApp();

/** How often `needle` occurs in the bytes of the database file and its write-ahead log. */
function occurrences(file: string, needle: string) {
  const count = (path: string) => (existsSync(path) ? readFileSync(path).toString('latin1').split(needle).length - 1 : 0);
  return { db: count(file), wal: count(`${file}-wal`) };
}

/** The checkpoint runs just after the answer: wait until the log is emptied. */
async function logEmptied(file: string) {
  for (let i = 0; i < 100 && statSync(`${file}-wal`).size > 0; i++) await new Promise((r) => setTimeout(r, 20));
}

/** Gives `email` a lead, an account, sign-ins and mail: the address ends up in several tables. */
async function personWithData(email: string) {
  const { t } = ctx;
  await t.api.lead.$post({ json: { email, acceptTerms: true, consentMarketing: true, firstName: 'Kari' } });
  const { user, sessionToken } = await t.signIn(email);
  await t.api.auth['magic-link'].$post({ json: { email } });
  expect(occurrences(t.dbFile, email).db + occurrences(t.dbFile, email).wal).toBeGreaterThan(0);
  return { user, sessionToken };
}

describe('erasure leaves nothing in the database files', () => {
  it('when a person deletes their own account', async () => {
    const { t } = ctx;
    const email = 'slett-meg-selv@example.no';
    const { sessionToken } = await personWithData(email);

    expect((await t.as(sessionToken).account.$delete()).status).toBe(200);
    await logEmptied(t.dbFile);
    expect(occurrences(t.dbFile, email)).toEqual({ db: 0, wal: 0 });
  });

  it('when an admin deletes a user', async () => {
    const { t, s } = ctx;
    const email = 'slettes-av-admin@example.no';
    const { user } = await personWithData(email);

    expect((await s.asAdmin(`/api/admin/users/${user.id}`, { method: 'DELETE' })).status).toBe(200);
    await logEmptied(t.dbFile);
    expect(occurrences(t.dbFile, email)).toEqual({ db: 0, wal: 0 });
  });
});
