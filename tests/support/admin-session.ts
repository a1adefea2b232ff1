import { desc } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { adminAuditLog } from '#db/schema';
import { appPerTest, type TestApp } from './app';
import { budgetedClient } from './budgeted-client';
import { expectApiError } from './errors';

/** The address createTestApp's config makes an administrator. */
const ADMIN_EMAIL = 'admin@soloprenor.no';

/**
 * Signs in an administrator and an ordinary user, and gives a request helper and a typed client
 * for the admin that assert the round-trip budget (at most two per request, session lookup included).
 */
async function adminSession(t: TestApp) {
  const admin = await t.signIn(ADMIN_EMAIL);
  const user = await t.signIn('bruker@example.no');
  async function asAdmin(path: string, init: { method?: string; json?: unknown } = {}) {
    t.roundTrips.reset();
    const res = await t.request(path, { ...init, token: admin.sessionToken });
    expect(t.roundTrips.count, `${init.method ?? 'GET'} ${path}: database round trips`).toBeLessThanOrEqual(2);
    return res;
  }
  /** The admin's typed client (as `t.as`), asserting the same budget on every request. */
  const api = budgetedClient(t, admin.sessionToken);
  return { admin, user, asAdmin, api };
}

type AdminSession = Awaited<ReturnType<typeof adminSession>>;

/**
 * For a test file of admin routes: before each test a fresh seeded app with an admin and a user
 * signed in (read them as `ctx.t` and `ctx.s` inside the tests), closed after each.
 */
export function adminTestApp() {
  const ctx = { t: appPerTest({ seed: true }) } as { t: TestApp; s: AdminSession };
  beforeEach(async () => {
    ctx.s = await adminSession(ctx.t);
  });
  return ctx;
}

/** Every admin route answers 401 without a session and 403 to a signed-in non-admin. */
export async function expectAdminOnly(t: TestApp, userToken: string, routes: [method: string, path: string, json?: unknown][]) {
  for (const [method, path, json] of routes) {
    await expectApiError(await t.request(path, { method, json }), 401, 'unauthenticated');
    await expectApiError(await t.request(path, { method, json, token: userToken }), 403, 'forbidden');
  }
}

/** The audit log, newest first. */
export const auditRows = (t: TestApp) => t.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id));
