/**
 * The browser's `fetch` answered by a real test app, for the stores' unit tests under happy-dom: a
 * store's call reaches the real API and database, with no network between them.
 */
import { SESSION_COOKIE } from '#shared/constants';
import { TEST_ORIGIN, type TestApp } from './app';

/** The browser's fetch answered by `t`'s app, with `token`'s session cookie as the browser would send it. */
export function browserFetchTo(t: TestApp, token?: string) {
  const calls: string[] = [];
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), TEST_ORIGIN);
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    // What a browser on the site's own origin sends: its cookie, and its origin on a write.
    const headers = new Headers(init?.headers);
    headers.set('origin', TEST_ORIGIN);
    if (token) headers.set('cookie', `${SESSION_COOKIE}=${token}`);
    return t.fetch(`${TEST_ORIGIN}${url.pathname}${url.search}`, { ...init, headers });
  };
  return { calls };
}
