import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect } from 'vitest';
import { users } from '#db/schema';
import type { LessonView } from '#shared/schemas/guide';
import { createTestApp, type TestApp } from '#support/app';
import { budgetedClient } from '#support/budgeted-client';

/**
 * Signed-in guide users for the route tests, and requests that assert the round-trip budget:
 * `api(token)` the typed client of `/api/guide`, `get`, `post` and `put` a path as sent (a body the
 * client's types refuse, an address written out).
 */
function guideClient(t: TestApp) {
  async function user(email: string, premium?: { plan: 'yearly' | 'monthly' | 'admin_granted'; endsAt?: number | null }) {
    const { sessionToken, user } = await t.signIn(email);
    if (premium) {
      await t.db
        .update(users)
        .set({
          isPremium: true,
          premiumPlan: premium.plan,
          premiumEndDate: premium.endsAt == null ? null : new Date(premium.endsAt),
        })
        .where(eq(users.id, user.id));
    }
    return { token: sessionToken, id: user.id };
  }

  /** A request that must stay within two database round trips, session lookup included. */
  async function call(path: string, token: string | undefined, json?: unknown, method?: string) {
    t.roundTrips.reset();
    const res = await t.request(`/api/guide${path}`, { token, json, method });
    expect(t.roundTrips.count, `${path} round trips`).toBeLessThanOrEqual(2);
    return res;
  }

  const get = (path: string, token?: string) => call(path, token);
  const post = (path: string, token: string | undefined, json: unknown = {}) => call(path, token, json);
  const put = (path: string, token: string | undefined, json: unknown) => call(path, token, json, 'PUT');
  /** The typed `/api/guide` client as `token`'s user (a visitor without one). */
  const api = (token?: string) => budgetedClient(t, token).guide;
  return { user, api, get, post, put };
}

/** A lesson the reader may open, with its content; fails the test on a locked one. */
export function openLesson(lesson: LessonView | undefined) {
  if (!lesson || lesson.isLocked) throw new Error(`expected an open lesson, got ${JSON.stringify(lesson)}`);
  return lesson;
}

/** A fresh seeded app per test: `suite.t` is the test app, `suite.g` the guide client over it. */
export function guideSuite() {
  const suite = {} as { t: TestApp; g: ReturnType<typeof guideClient> };
  beforeEach(async () => {
    suite.t = await createTestApp({ seed: true });
    suite.g = guideClient(suite.t);
  });
  afterEach(() => suite.t.close());
  return suite;
}
