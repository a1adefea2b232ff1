import type { APIRequestContext } from '@playwright/test';
import { hc } from 'hono/client';
import type { ApiType } from '#worker/app';
import { E2E } from './env';

/** Statuses whose answer has no body (a Response with one cannot be made). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The typed API client over Playwright's `request` (a page's own shares its cookies), as the
 * browser's client is typed: an answer's body has its route's type, with no cast.
 */
export function apiOf(request: APIRequestContext) {
  return hc<ApiType>(`${E2E.baseUrl}/api`, {
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const res = await request.fetch(String(input), {
        method: init.method,
        headers: Object.fromEntries(new Headers(init.headers)),
        // The client sends JSON as a string.
        data: typeof init.body === 'string' ? init.body : undefined,
      });
      const body = NO_BODY.has(res.status()) ? null : new Uint8Array(await res.body());
      return new Response(body, { status: res.status(), headers: res.headers() });
    },
  });
}
