import { hc } from 'hono/client';
import type { ApiType } from '#worker/app';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * The typed client of the API a running server answers at `origin` (a real Node server,
 * Miniflare), over `fetch` (the global one unless given), as the browser's client is typed.
 */
export const apiAt = (origin: string, fetch?: Fetch) => hc<ApiType>(`${origin}/api`, fetch ? { fetch } : {});
