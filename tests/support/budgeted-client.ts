import { hc } from 'hono/client';
import { expect } from 'vitest';
import type { ApiType } from '#worker/app';
import { TEST_ORIGIN, type TestApp } from './app';

/**
 * The typed client as `t.as(token)` gives it (`t.api` without a token), over `t.request`, that
 * also asserts each request's database round trips: at most two, session lookup included.
 */
export function budgetedClient(t: TestApp, token?: string) {
  return hc<ApiType>(`${TEST_ORIGIN}/api`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const { body, method } = init;
      t.roundTrips.reset();
      const res = await t.request(String(input), {
        method,
        headers: Object.fromEntries(new Headers(init.headers)),
        // The client sends JSON as a string and a form as FormData.
        body: typeof body === 'string' || body instanceof FormData ? body : undefined,
      });
      expect(t.roundTrips.count, `${method} ${String(input)}: database round trips`).toBeLessThanOrEqual(2);
      return res;
    },
  });
}
