import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import type { Db } from '#db';
import { sessions, users } from '#db/schema';
import type { Role } from '#db/schema/enums';
import { SESSION_COOKIE } from '#shared/constants';
import { randomToken, sha256 } from '#worker/platform/crypto';
import { E2E } from './env';

/**
 * Gives the page a session for `email` straight in the database (the account is created, as
 * a member of staff with `role` if one is given). The sign-in flow itself is tested through the outbox elsewhere; tests that
 * only need a signed-in user skip it, so the per-address rate limit of magic links is not spent on them.
 */
export async function signInAs(page: Page, db: Db, email: string, role: Role | null = null) {
  await db
    .insert(users)
    .values({ id: crypto.randomUUID(), email, firstName: '', role })
    .onConflictDoUpdate({ target: users.email, set: { role } });
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const token = randomToken();
  const now = Date.now();
  await db.insert(sessions).values({
    tokenHash: await sha256(token),
    userId: user!.id,
    expiresAt: new Date(now + 86_400_000),
    lastUsedAt: new Date(now),
  });
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: E2E.baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  return user!;
}
