/**
 * The role × route matrix: every admin route (as the app lists them) is in the permission table
 * (src/shared/permissions.ts), and every role gets from every admin route either the route's own
 * answer (the call tests/support/route-calls.ts keeps for it) or a 403 — as the table says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#db/schema/enums';
import { ADMIN_PERMISSIONS, mayUse } from '#shared/permissions';
import { createTestApp, type TestApp } from '#support/app';
import { expectApiError } from '#support/errors';
import { apiRoutes, makeFixture, ROUTE_CALLS, ROUTE_CALLS_ENV, type Fixture, type Person } from '#support/route-calls';

let t: TestApp;
let f: Fixture;
const staff = {} as Record<Role, Person>;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: ROUTE_CALLS_ENV });
  f = await makeFixture(t, t.clock.now());
  for (const role of ROLES) staff[role] = await f.person({ role });
}, 60_000);
afterAll(() => t.close());

const adminRoutes = () => apiRoutes(t).filter((route) => route.split(' ')[1]!.startsWith('/api/admin/'));

describe('the permission table', () => {
  it('names every admin route, and no route the app does not have', () => {
    const routes = adminRoutes();
    expect(
      routes.filter((route) => !(route in ADMIN_PERMISSIONS)),
      'admin routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(ADMIN_PERMISSIONS).filter((route) => !routes.includes(route)),
      'table rows without a route',
    ).toEqual([]);
  });

  it('lets the owner use everything, and nobody else the roles', () => {
    for (const route of adminRoutes()) expect(mayUse('owner', route), route).toBe(true);
    expect(mayUse('admin', 'GET /api/admin/no-such-route')).toBe(false);
    expect(mayUse(null, 'GET /api/admin/questions')).toBe(false);
  });
});

describe('every admin route × every role', () => {
  it.each(Object.keys(ADMIN_PERMISSIONS))(
    '%s',
    async (route) => {
      const recipe = ROUTE_CALLS[route];
      expect(recipe, `${route}: no call in tests/support/route-calls.ts`).toBeDefined();
      const method = route.split(' ')[0]!;
      for (const role of ROLES) {
        // A fresh call per role: a call that deletes, sends or pays acts on a target of its own.
        const call = await recipe!(f, t);
        const res = await t.request(call.path, { ...call, method, token: staff[role].token });
        if (mayUse(role, route)) expect(res.status, `${role}: ${await res.clone().text()}`).toBe(call.status);
        else await expectApiError(res, 403, 'forbidden');
      }
    },
    60_000,
  );
});
