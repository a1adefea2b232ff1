import { hc } from 'hono/client';
import { expect } from 'vitest';
import type { ApiType } from '#worker/app';
import { TEST_ORIGIN, type TestApp } from './app';

/**
 * The typed client as `t.as(token)` gives it (`t.api` without a token) that also asserts each
 * request's database round trips: at most two, session lookup included.
 */
export function budgetedClient(t: TestApp, token?: string) {
  return hc<ApiType>(`${TEST_ORIGIN}/api`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      t.roundTrips.reset();
      const res = await t.fetch(input, init);
      expect(t.roundTrips.count, `${init?.method ?? 'GET'} ${String(input)}: database round trips`).toBeLessThanOrEqual(2);
      return res;
    },
  });
}
