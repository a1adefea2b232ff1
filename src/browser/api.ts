import { hc } from 'hono/client';
import type { ApiType } from '#worker/app';

/** Typed client for /api; the session cookie travels with every call. */
export const api = hc<ApiType>('/api', { init: { credentials: 'same-origin' } });

// In a module of their own, so the landing's lead form gets them without this client.
export { ApiError, call, errorMessage } from './call';
